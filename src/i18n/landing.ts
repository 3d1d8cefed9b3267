// The texts of arriving somewhere (issue 14): the notice a page shows after an email confirmation, a password
// change or a visit to the payments provider (contract/notices.ts), and what an expired link offers instead of a
// dead end. Spread into en.ts as `portal.notice` and `portal.expired_link`.

export const noticeMessages = {
  email_confirmed: 'Your email address is confirmed. Sign in to continue.',
  password_changed: 'Your password was changed. Sign in with the new one.',
  password_set: 'Your password is set. Sign in with it.',
  subscription_paid:
    'Thank you, your payment was received. Sign in to continue; if you have not confirmed your email address yet, open the link we sent you first.',
  extension_paid: 'Thank you, your payment was received: your service period is extended.',
  past_due_paid: 'Thank you, your payment was received: your subscription is active again. Sign in to continue.',
  payment_cancelled: 'The payment was cancelled: nothing was charged.',
  dismiss: 'Dismiss',
};

export const expiredLinkMessages = {
  resend_intro: 'Send a new confirmation link to your email address:',
  email: 'Email',
  resend: 'Send me a new link',
  reset_again: 'Request a new password reset link',
  invite_again: 'Ask the person who invited you to send a new invitation.',
};
