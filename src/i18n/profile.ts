// The texts of the profile page: the provider's details, the password, the sessions. Spread into en.ts
// as `portal.profile`.

export const profileMessages = {
  title: 'My Profile',
  address2: 'Address 2',
  open: 'My profile',
  details_title: 'Company and contact',
  details_hint: 'The OCN and the email address cannot be changed here; contact us to change them.',
  save: 'Save',
  saved: 'Your details were saved',
  password_title: 'Change password',
  current_password: 'Current password',
  new_password: 'New password',
  confirm_password: 'Confirm new password',
  change_password: 'Change password',
  sessions_title: 'Sessions',
  sessions_hint: 'Signs this browser and every other device out, for instance after losing a laptop.',
  sign_out_everywhere: 'Sign out everywhere',
  sign_out_confirm_title: 'Sign out everywhere?',
  sign_out_confirm: 'Every session of your account ends, this one too. You will need to sign in again.',
};
