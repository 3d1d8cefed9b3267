// /email-verify?token= and /register/confirm?token= (docs/screens.md, Email confirmation): 'Redirect to Login
// page' with a Confirm button. Success goes to /login, which says the address is confirmed. A failure is
// shown rather than only logged, so that no link is a dead end: a link the server refuses (expired, unknown)
// or an incomplete one says so and offers to send a new link; the link of an address confirmed already
// (clicked again) goes to /login, which says so.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { usePublicDataProvider } from './usePublicDataProvider';
import { MESSAGES } from '../../../contract/constants';
import { withNotice } from '../../../contract/notices';
import { MainButton } from '../../components/MainButton';
import { failureMessage } from './httpError';
import { PUBLIC_PATHS } from './paths';
import { PublicLayout } from './PublicLayout';
import { ResendConfirmationForm } from './ResendConfirmationForm';

function BackToLogin() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to={PUBLIC_PATHS.login}>
        {translate('portal.forgot_password.back_to_login')}
      </Link>
    </Typography>
  );
}

export function EmailVerifyPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = usePublicDataProvider();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState('');
  // A refused link stays refused: its page stops offering Confirm and offers a new link instead.
  const linkRefused = !token || failure === MESSAGES.invalidToken;

  const confirm = async () => {
    setSubmitting(true);
    setFailure('');
    try {
      const { already_confirmed } = await dataProvider.confirmEmail(token);
      navigate(
        withNotice(PUBLIC_PATHS.login, already_confirmed ? 'email_already_confirmed' : 'email_confirmed'),
      );
    } catch (error) {
      console.error(error);
      setFailure(failureMessage(error) || MESSAGES.invalidToken);
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout title={translate('portal.email_verify.title')}>
      {!token ? <Alert severity="warning">{translate('portal.email_verify.missing_token')}</Alert> : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      {linkRefused ? (
        <ResendConfirmationForm />
      ) : (
        <>
          <Typography variant="body1" sx={{ mt: failure ? 2 : 0, mb: 3 }}>
            {translate('portal.email_verify.text')}
          </Typography>
          <MainButton fullWidth loading={submitting} onClick={confirm}>
            {translate('portal.email_verify.confirm')}
          </MainButton>
        </>
      )}
      <BackToLogin />
    </PublicLayout>
  );
}

export default EmailVerifyPage;
