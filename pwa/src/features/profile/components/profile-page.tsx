import { IonSpinner } from '@ionic/react';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { primaryRole } from '../../../lib/roles';
import { useSession } from '../../../lib/use-session';
import { useProfile } from '../api/get-profile';
import { ClassChangeEmailsSetting } from './class-change-emails-setting';
import { CalendarFeedSection } from './calendar-feed-section';
import { ConsentSettings } from './consent-settings';
import { InformationForm } from './information-form';
import { PasswordForm } from './password-form';
import { WEB_TEXTS } from './profile-texts';
import { useProfileGuard } from './use-profile-guard';
import './profile.css';

/** /profile: Your Information, Update Password and Data Consent Settings of the signed-in user; a student also sets their class-change e-mails. */
export function ProfilePage() {
  const profile = useProfile();
  const { dialog, dirtyChange, generation } = useProfileGuard();
  const isStudent = primaryRole(useSession()) === 'Student';
  return (
    <SignedInPage title="Profile">
      <div className="profile-page">
        {profile.isPending && <IonSpinner aria-label="Loading profile" />}
        {profile.isError && <p role="alert">{profile.error.message}</p>}
        {profile.data && (
          <>
            <section aria-labelledby="your-information">
              <h2 id="your-information">Your Information</h2>
              <InformationForm key={`information-${generation}`} profile={profile.data} texts={WEB_TEXTS} onDirtyChange={dirtyChange('information')} />
            </section>
            <section aria-labelledby="update-password">
              <h2 id="update-password">Update Password</h2>
              <PasswordForm key={`password-${generation}`} userName={profile.data.userName} texts={WEB_TEXTS} onDirtyChange={dirtyChange('password')} />
            </section>
            <CalendarFeedSection />
            <section aria-labelledby="data-consent">
              <h2 id="data-consent">Data Consent Settings</h2>
              <ConsentSettings />
            </section>
            {isStudent && (
              <section aria-labelledby="class-emails">
                <h2 id="class-emails">Class E-mails</h2>
                <ClassChangeEmailsSetting />
              </section>
            )}
          </>
        )}
      </div>
      {dialog}
    </SignedInPage>
  );
}
