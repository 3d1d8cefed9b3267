// Signing in (docs/screens.md, Sign in): the call through usePortalLogin (react-admin's useLogin without its
// router adapter), then the landing page of the role; a failure becomes a LoginOutcome: an error under its
// field, a delayed redirect to the payment step, or the payment page of a new past-due invoice opened at
// once.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthProvider } from 'react-admin';
import { DELAYS } from '../../../contract/constants';
import { homeOfRole, loginOutcome, roleIn, type LoginOutcome } from './loginOutcome';
import type { LoginForm, LoginValues } from './useLoginForm';
import { usePortalLogin } from './usePortalLogin';

/** `onStart` runs as each attempt begins (the page forgets what the outcome's links said). */
export function useLoginSubmit(form: Pick<LoginForm, 'setError'>, onStart: () => void) {
  const login = usePortalLogin();
  const authProvider = useAuthProvider();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<LoginOutcome | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const handleFailure = (next: LoginOutcome) => {
    setOutcome(next);
    switch (next.kind) {
      case 'field':
        form.setError(next.field, next.message);
        break;
      case 'redirect':
        redirectTimer.current = setTimeout(() => navigate(next.to), DELAYS.loginRedirectMs);
        break;
      case 'pastDueNewInvoice':
        if (next.url) window.open(next.url, '_blank', 'noopener,noreferrer');
        break;
      default:
        break;
    }
  };

  const onSubmit = async (values: LoginValues) => {
    clearTimeout(redirectTimer.current);
    setOutcome(null);
    onStart();
    setSubmitting(true);
    let result: unknown;
    try {
      result = await login({
        email: values.email,
        password: values.password,
        remember: Boolean(values.remember),
      });
    } catch (error) {
      setSubmitting(false);
      handleFailure(loginOutcome(error));
      return;
    }
    setSubmitting(false);
    // useLogin has already gone to the page asked for; admins and resellers have their own landing pages.
    if (result && typeof result === 'object' && 'redirectTo' in result) return;
    let role = roleIn(result);
    if (!role && authProvider?.getPermissions) {
      role = roleIn(await authProvider.getPermissions({}).catch(() => undefined));
    }
    const home = homeOfRole(role);
    if (home !== '/') navigate(home, { replace: true });
  };

  return { submitting, outcome, onSubmit };
}
