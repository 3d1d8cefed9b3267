// The public pages (SPEC.md §2): rendered without the layout, whatever the auth state.
// App.tsx mounts every entry in its public shell, SignedInApp.tsx inside <CustomRoutes noLayout>.
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { EmailVerifyPage } from './EmailVerifyPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { PUBLIC_PATHS } from './paths';
import { ResetPasswordPage } from './ResetPasswordPage';

// The wizard (signature canvas) and the agreement text are the heavy ones: loaded when opened. The payment step
// too: the account's payment page (resources/subscription) loads the same module on demand, and one static
// import here would pull it back into the main bundle (vite warns that the dynamic import does nothing).
const RegisterPage = lazy(() => import('./register/RegisterPage'));
const PaymentStep = lazy(() => import('./PublicPaymentStep'));
const SubscriberAgreementPage = lazy(() => import('./agreement/SubscriberAgreementPage'));

export interface PublicRoute {
  path: string;
  element: ReactElement;
}

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      }
    >
      {children}
    </Suspense>
  );
}

export const publicRoutes: PublicRoute[] = [
  { path: PUBLIC_PATHS.login, element: <LoginPage /> },
  {
    path: PUBLIC_PATHS.register,
    element: (
      <Loading>
        <RegisterPage />
      </Loading>
    ),
  },
  {
    path: PUBLIC_PATHS.payment,
    element: (
      <Loading>
        <PaymentStep />
      </Loading>
    ),
  },
  { path: PUBLIC_PATHS.forgotPassword, element: <ForgotPasswordPage /> },
  { path: PUBLIC_PATHS.resetPassword, element: <ResetPasswordPage /> },
  { path: PUBLIC_PATHS.acceptInvite, element: <ResetPasswordPage invite /> },
  { path: PUBLIC_PATHS.emailVerify, element: <EmailVerifyPage /> },
  { path: PUBLIC_PATHS.registerConfirm, element: <EmailVerifyPage /> },
  {
    path: PUBLIC_PATHS.agreement,
    element: (
      <Loading>
        <SubscriberAgreementPage />
      </Loading>
    ),
  },
];

export { PUBLIC_PATHS, paymentStepPath } from './paths';
