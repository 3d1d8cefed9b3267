// /reset-password?token= (docs/screens.md, Forgotten and new password): 'Set the new password'. Success goes
// to /login, which says the password was changed. A failure is shown rather than only logged, so that no link
// is a dead end, and a link the server refuses (expired, already used) points to /forgot-password for a new
// one. An invitation (a new reseller or admin) opens the same form at /accept-invite?token=, as its mail
// links it (or /reset-password with `invite=1`, as earlier mails did): titled 'Choose your password', it
// posts to auth/reseller/password. The page asks the server whether the link can still be used as it opens,
// so that a used or expired link is refused before the form is filled.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { lazySchemaResolver } from './lazySchemaResolver';
import { usePublicDataProvider } from './usePublicDataProvider';
import { MESSAGES } from '../../../contract/constants';
import { withNotice } from '../../../contract/notices';
import { FormPasswordInput } from '../../components/inputs/FormPasswordInput';
import { MainButton } from '../../components/MainButton';
import { failureMessage } from './httpError';
import { PUBLIC_PATHS } from './paths';
import { PublicLayout } from './PublicLayout';

interface LinkFailureProps {
  message: string;
  /** Expired, used or incomplete: no password can be set with it. */
  linkRefused: boolean;
  invitation: boolean;
  email: string;
}

/**
 * What a refused set-password says: the server's sentence and, for an expired or used link, the way to a new
 * one (a reset link from /forgot-password, with the address when the link carried it; an invitation from whoever
 * sent it).
 */
function LinkFailure({ message, linkRefused, invitation, email }: LinkFailureProps) {
  const translate = useTranslate();
  const forgotPassword = email
    ? `${PUBLIC_PATHS.forgotPassword}?${new URLSearchParams({ email }).toString()}`
    : PUBLIC_PATHS.forgotPassword;
  return (
    <Alert severity={linkRefused ? 'warning' : 'error'} sx={{ mb: 2 }}>
      <Typography variant="body2">{message}</Typography>
      {!linkRefused ? null : invitation ? (
        <Typography variant="body2">{translate('portal.expired_link.invite_again')}</Typography>
      ) : (
        <Link component={RouterLink} to={forgotPassword} variant="body2">
          {translate('portal.expired_link.reset_again')}
        </Link>
      )}
    </Alert>
  );
}

/**
 * The link asked about as the page opens: a refusal (used, expired, unknown) is the failure shown in place of the
 * form. The form shows meanwhile: the answer comes long before anyone could fill it.
 */
function useLinkCheck(token: string, isInvitation: boolean) {
  const dataProvider = usePublicDataProvider();
  const [failure, setFailure] = useState('');
  useEffect(() => {
    if (!token) return;
    let current = true;
    dataProvider
      .checkPasswordLink(token, isInvitation ? 'invitation' : 'password_reset')
      .catch((error: unknown) => {
        // A refusal closes the form; anything else (offline, a server error) leaves it to the submission to tell.
        if (current && failureMessage(error) === MESSAGES.invalidToken) setFailure(MESSAGES.invalidToken);
      });
    return () => {
      current = false;
    };
  }, [dataProvider, token, isInvitation]);
  return [failure, setFailure] as const;
}

interface NewPasswordValues {
  password: string;
  confirm_password: string;
}

export function ResetPasswordPage({ invite = false }: { invite?: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = usePublicDataProvider();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const isInvitation = invite || searchParams.get('invite') === '1';
  const title = translate(isInvitation ? 'portal.accept_invite.title' : 'portal.reset_password.title');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useLinkCheck(token, isInvitation);
  // An incomplete link gets the same way out as one the server refused; neither can set a password any more.
  const shownFailure = token ? failure : translate('portal.reset_password.missing_token');
  const linkRefused = !token || failure === MESSAGES.invalidToken;
  const form = useForm<NewPasswordValues>({
    resolver: lazySchemaResolver('setNewPasswordFormSchema'),
    mode: 'all',
    defaultValues: { password: '', confirm_password: '' },
  });

  const onSubmit = async ({ password, confirm_password }: NewPasswordValues) => {
    setSubmitting(true);
    setFailure('');
    try {
      const params = { token, password, password_extra: confirm_password };
      await (isInvitation ? dataProvider.acceptInvitation(params) : dataProvider.setNewPassword(params));
      navigate(withNotice(PUBLIC_PATHS.login, isInvitation ? 'password_set' : 'password_changed'));
    } catch (error) {
      console.error(error);
      setFailure(failureMessage(error) || MESSAGES.invalidToken);
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout title={title}>
      {shownFailure ? (
        <LinkFailure
          message={shownFailure}
          linkRefused={linkRefused}
          invitation={isInvitation}
          email={searchParams.get('email')?.trim() ?? ''}
        />
      ) : null}
      {linkRefused ? null : (
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label={title}>
            <FormPasswordInput
              source="password"
              label="portal.reset_password.password"
              required
              autoComplete="new-password"
              autoFocus
            />
            <FormPasswordInput
              source="confirm_password"
              label="portal.reset_password.confirm_password"
              required
              autoComplete="new-password"
            />
            <MainButton type="submit" fullWidth loading={submitting} sx={{ mt: 2 }}>
              {translate(isInvitation ? 'portal.accept_invite.submit' : 'portal.reset_password.submit')}
            </MainButton>
          </Box>
        </FormProvider>
      )}
      <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          {translate('portal.forgot_password.back_to_login')}
        </Link>
      </Typography>
    </PublicLayout>
  );
}

export default ResetPasswordPage;
