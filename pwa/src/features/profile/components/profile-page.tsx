import { IonSpinner } from '@ionic/react';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useProfile } from '../api/get-profile';
import { ConsentSettings } from './consent-settings';
import { InformationForm } from './information-form';
import { PasswordForm } from './password-form';
import { WEB_TEXTS } from './profile-texts';
import { useProfileGuard } from './use-profile-guard';
import './profile.css';

/** /profile: Your Information, Update Password and Data Consent Settings of the signed-in user. */
export function ProfilePage() {
  const profile = useProfile();
  const { dialog, dirtyChange, generation } = useProfileGuard();
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
            <section aria-labelledby="data-consent">
              <h2 id="data-consent">Data Consent Settings</h2>
              <ConsentSettings />
            </section>
          </>
        )}
      </div>
      {dialog}
    </SignedInPage>
  );
}
