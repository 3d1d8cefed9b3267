// /email-verify?token= and /register/confirm?token= (SPEC.md §2, §8): 'Redirect to Login page' with a Confirm
// button. Success goes to /login; failures are only logged.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/types';
import { MainButton } from '../../components/MainButton';
import { PublicLayout } from './PublicLayout';

export function EmailVerifyPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [submitting, setSubmitting] = useState(false);

  const confirm = async () => {
    setSubmitting(true);
    try {
      await dataProvider.confirmEmail(token);
      navigate('/login');
    } catch (error) {
      // SPEC.md §8: a failed email verification is only logged.
      console.error(error);
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout title={translate('portal.email_verify.title')}>
      {token ? (
        <>
          <Typography variant="body1" sx={{ mb: 3 }}>
            {translate('portal.email_verify.text')}
          </Typography>
          <MainButton fullWidth loading={submitting} onClick={confirm}>
            {translate('portal.email_verify.confirm')}
          </MainButton>
        </>
      ) : (
        <>
          <Alert severity="warning">{translate('portal.email_verify.missing_token')}</Alert>
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to="/login">
              {translate('portal.forgot_password.back_to_login')}
            </Link>
          </Typography>
        </>
      )}
    </PublicLayout>
  );
}

export default EmailVerifyPage;
