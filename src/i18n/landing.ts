// The texts of arriving somewhere: the notice a page shows after an email confirmation, a password
// change or a visit to the payments provider (contract/notices.ts), what an expired link offers instead of a
// dead end, and the browser tab's title. Spread into en.ts as `portal.notice`, `portal.expired_link` and
// `portal.document_title`.

export const noticeMessages = {
  email_confirmed: 'Your email address is confirmed. Sign in to continue.',
  email_already_confirmed: 'Your email address is already confirmed. Sign in to continue.',
  password_changed: 'Your password was changed. Sign in with the new one.',
  password_set: 'Your password is set. Sign in with it.',
  subscription_paid:
    'Thank you, your payment was received. Sign in to continue; if you have not confirmed your email address yet, open the link we sent you first.',
  extension_paid: 'Thank you, your payment was received: your service period is extended.',
  past_due_paid:
    'Thank you, your payment was received: your subscription is active again. Sign in to continue.',
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

/** "<page> · <product>" in the browser tab; the product alone where a page has no title. */
export const documentTitleMessages = {
  page: '%{page} · %{product}',
};
