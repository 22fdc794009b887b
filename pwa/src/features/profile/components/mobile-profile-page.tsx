import { IonSpinner } from '@ionic/react';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useProfile } from '../api/get-profile';
import { CalendarFeedSection } from './calendar-feed-section';
import { InformationForm } from './information-form';
import { PasswordForm } from './password-form';
import { MOBILE_TEXTS } from './profile-texts';
import { useProfileGuard } from './use-profile-guard';
import './profile.css';

/** /teachers/ProfileMobile: the teacher's own details and password on a phone. */
export function MobileProfilePage() {
  const profile = useProfile();
  const { dialog, dirtyChange, generation } = useProfileGuard();
  return (
    <SignedInPage title="Profile">
      <div className="profile-page profile-page--mobile">
        {profile.isPending && <IonSpinner aria-label="Loading profile" />}
        {profile.isError && <p role="alert">{profile.error.message}</p>}
        {profile.data && (
          <>
            <section aria-labelledby="mobile-your-details">
              <h2 id="mobile-your-details">Your details</h2>
              <InformationForm key={`information-${generation}`} profile={profile.data} texts={MOBILE_TEXTS} onDirtyChange={dirtyChange('information')} />
            </section>
            <section aria-labelledby="mobile-password">
              <h2 id="mobile-password">Password</h2>
              <PasswordForm key={`password-${generation}`} userName={profile.data.userName} texts={MOBILE_TEXTS} onDirtyChange={dirtyChange('password')} />
            </section>
            <CalendarFeedSection />
          </>
        )}
      </div>
      {dialog}
    </SignedInPage>
  );
}
