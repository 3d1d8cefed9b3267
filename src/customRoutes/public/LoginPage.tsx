// /login (SPEC.md §2 and §4): email, password, Remember me, and every outcome the server answers with.
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthProvider, useDataProvider, useLogin, useTranslate } from 'react-admin';
import { DELAYS, LIMITS } from '../../../contract/constants';
import { loginSchema } from '../../../contract/schemas';
import type { PortalDataProvider } from '../../dataProvider/types';
import { FormCheckboxInput, FormPasswordInput, FormTextInput } from '../../components/inputs';
import { MainButton } from '../../components/MainButton';
import { failureMessage } from './httpError';
import { homeOfRole, loginOutcome, roleIn, type LoginOutcome } from './loginOutcome';
import { PublicLayout } from './PublicLayout';

interface LoginValues {
  email: string;
  password: string;
  remember?: boolean;
}

type LinkState =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; text?: string }
  | { state: 'failed'; text: string };

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const authProvider = useAuthProvider();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const navigate = useNavigate();
  // The payment page sends a provider back here after paying the subscription (?paid=1).
  const [searchParams] = useSearchParams();
  const justPaid = searchParams.get('paid') === '1';
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<LoginOutcome | null>(null);
  const [linkState, setLinkState] = useState<LinkState>({ state: 'idle' });
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const form = useForm<LoginValues>({
    resolver: yupResolver(loginSchema),
    mode: 'all',
    defaultValues: { email: '', password: '', remember: false },
  });

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const onSubmit = async (values: LoginValues) => {
    clearTimeout(redirectTimer.current);
    setOutcome(null);
    setLinkState({ state: 'idle' });
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

  const handleFailure = (next: LoginOutcome) => {
    setOutcome(next);
    switch (next.kind) {
      case 'field':
        form.setError(next.field, { type: 'server', message: next.message }, { shouldFocus: true });
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

  const resendConfirmation = async () => {
    setLinkState({ state: 'busy' });
    try {
      await dataProvider.resendConfirmationEmail(form.getValues('email').trim());
      setLinkState({ state: 'done', text: translate('portal.login.check_email') });
    } catch (error) {
      setLinkState({ state: 'failed', text: failureMessage(error) });
    }
  };

  const payPastDue = async (serviceProviderUuid: string) => {
    setLinkState({ state: 'busy' });
    try {
      const { url } = await dataProvider.getPastDuePaymentUrl(serviceProviderUuid);
      window.open(url, '_blank', 'noopener,noreferrer');
      setLinkState({ state: 'done' });
    } catch (error) {
      setLinkState({ state: 'failed', text: failureMessage(error) });
    }
  };

  const actionLink = (label: string, onClick: () => void) => (
    <Link
      component="button"
      type="button"
      onClick={onClick}
      disabled={linkState.state === 'busy'}
      sx={{ verticalAlign: 'baseline' }}
    >
      {translate(label)}
    </Link>
  );

  const renderOutcome = () => {
    if (!outcome || outcome.kind === 'field') return null;
    switch (outcome.kind) {
      case 'notConfirmed':
        return (
          <Alert severity="warning">
            <Typography variant="body2">{outcome.message}</Typography>
            {actionLink('portal.login.confirmation_mail', resendConfirmation)}
          </Alert>
        );
      case 'pastDue':
        return (
          <Alert severity="warning">
            <Typography variant="body2">{outcome.message}</Typography>
            {actionLink('portal.login.pay_subscription_due', () => payPastDue(outcome.serviceProviderUuid))}
          </Alert>
        );
      case 'pastDueNewInvoice':
        return <Alert severity="warning">{translate('portal.login.past_due_short')}</Alert>;
      case 'redirect':
        return (
          <Alert severity="info">
            <Typography variant="body2">{outcome.message}</Typography>
            <Typography variant="body2">{translate('portal.login.redirecting_payment')}</Typography>
          </Alert>
        );
      default:
        return outcome.message ? <Alert severity="error">{outcome.message}</Alert> : null;
    }
  };

  return (
    <PublicLayout title={translate('portal.login.title')}>
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
          aria-label={translate('portal.login.title')}
        >
          <FormTextInput
            source="email"
            label="portal.login.email"
            type="email"
            required
            autoComplete="username"
            maxLength={LIMITS.emailMax}
            autoFocus
          />
          <FormPasswordInput
            source="password"
            label="portal.login.password"
            required
            autoComplete="current-password"
          />
          <Box
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <FormCheckboxInput source="remember" label="portal.login.remember_me" />
            <Link component={RouterLink} to="/forgot-password">
              {translate('portal.login.forgot_password')}
            </Link>
          </Box>
          <Box sx={{ my: 2, display: 'grid', gap: 1 }} aria-live="polite">
            {justPaid && !outcome ? (
              <Alert severity="success">{translate('portal.login.payment_received')}</Alert>
            ) : null}
            {renderOutcome()}
            {linkState.state === 'done' && linkState.text ? (
              <Alert severity="success">{linkState.text}</Alert>
            ) : null}
            {linkState.state === 'failed' && linkState.text ? (
              <Alert severity="error">{linkState.text}</Alert>
            ) : null}
          </Box>
          <MainButton type="submit" fullWidth loading={submitting}>
            {translate('portal.login.submit')}
          </MainButton>
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            {translate('portal.login.no_account')}{' '}
            <Link component={RouterLink} to="/register">
              {translate('portal.login.sign_up')}
            </Link>
          </Typography>
        </Box>
      </FormProvider>
    </PublicLayout>
  );
}

export default LoginPage;
