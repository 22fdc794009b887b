/**
 * The web profile (/profile) and the teachers' mobile profile (/teachers/ProfileMobile) differ in
 * labels and messages (spec §5, §8): the web page names each missing field, the mobile page only
 * refuses to send.
 */
export interface ProfileTexts {
  showFieldMessages: boolean;
  labels: { userName: string; firstName: string; lastName: string; email: string; oldPassword: string; newPassword: string; confirmPassword: string };
  profileUpdated: string;
  passwordUpdated: string;
  passwordRefused: { message: string; header?: string };
}

export const WEB_TEXTS: ProfileTexts = {
  showFieldMessages: true,
  labels: {
    userName: 'Username',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    oldPassword: 'Current Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
  },
  profileUpdated: 'Profile successfully updated',
  passwordUpdated: 'Password successfully updated',
  passwordRefused: { message: 'Could not update password, incorrect details supplied' },
};

export const MOBILE_TEXTS: ProfileTexts = {
  showFieldMessages: false,
  labels: {
    userName: 'Username',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    oldPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
  },
  profileUpdated: 'Profile Updated',
  passwordUpdated: 'Password updated',
  passwordRefused: { message: 'Incorrect password details supplied', header: 'Sorry!' },
};
