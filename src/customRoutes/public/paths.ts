// The paths of the public pages (docs/screens.md, Public pages).
export const PUBLIC_PATHS = {
  login: '/login',
  register: '/register',
  payment: '/register/payment',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  emailVerify: '/email-verify',
  registerConfirm: '/register/confirm',
  agreement: '/subscriber-agreement',
  // an invitation to choose a password (resellers, further admins)
  acceptInvite: '/accept-invite',
} as const;

/** The plan-and-payment step of a provider; `new_sub=yes` when it starts a new subscription. */
export function paymentStepPath(serviceProviderUuid: string, newSubscription = false): string {
  const query = new URLSearchParams({ uuid: serviceProviderUuid });
  if (newSubscription) query.set('new_sub', 'yes');
  return `${PUBLIC_PATHS.payment}?${query.toString()}`;
}
