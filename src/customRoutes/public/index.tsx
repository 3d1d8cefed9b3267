// The public pages (docs/screens.md, Public pages): rendered without the layout, whatever the auth state.
// App.tsx mounts every entry in its public shell, SignedInApp.tsx inside <CustomRoutes noLayout>.
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { LoginPage } from './LoginPage';
import { PUBLIC_PATHS } from './paths';

// The wizard (signature canvas) and the agreement text are the heavy ones: loaded when opened. The payment step
// too: the account's payment page (resources/subscription) loads the same module on demand, and one static
// import here would pull it back into the main bundle (vite warns that the dynamic import does nothing).
const RegisterPage = lazy(() => import('./register/RegisterPage'));
const PaymentStep = lazy(() => import('./PublicPaymentStep'));
const SubscriberAgreementPage = lazy(() => import('./agreement/SubscriberAgreementPage'));
// The pages a mailed link or a link of the sign-in page opens, with react-hook-form (their forms'): the sign-in
// page, the first page of most visits, loads without them (useLoginForm).
const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));
const EmailVerifyPage = lazy(() => import('./EmailVerifyPage'));

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
  {
    path: PUBLIC_PATHS.forgotPassword,
    element: (
      <Loading>
        <ForgotPasswordPage />
      </Loading>
    ),
  },
  {
    path: PUBLIC_PATHS.resetPassword,
    element: (
      <Loading>
        <ResetPasswordPage />
      </Loading>
    ),
  },
  {
    path: PUBLIC_PATHS.acceptInvite,
    element: (
      <Loading>
        <ResetPasswordPage invite />
      </Loading>
    ),
  },
  {
    path: PUBLIC_PATHS.emailVerify,
    element: (
      <Loading>
        <EmailVerifyPage />
      </Loading>
    ),
  },
  {
    path: PUBLIC_PATHS.registerConfirm,
    element: (
      <Loading>
        <EmailVerifyPage />
      </Loading>
    ),
  },
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
