// /login (docs/screens.md, Sign in): email, password, Remember me, and every outcome the server answers with.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { MainButton } from '../../components/MainButton';
import { LoginInputs } from './LoginInputs';
import { LoginMessages } from './LoginMessages';
import { PublicLayout } from './PublicLayout';
import { useLoginLinks } from './useLoginLinks';
import { useLoginForm } from './useLoginForm';
import { useLoginSubmit } from './useLoginSubmit';

export function LoginPage() {
  const translate = useTranslate();
  const form = useLoginForm();
  const links = useLoginLinks();
  const { submitting, outcome, onSubmit } = useLoginSubmit(form, links.reset);

  return (
    <PublicLayout title={translate('portal.login.title')}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        aria-label={translate('portal.login.title')}
      >
        <LoginInputs form={form} />
        <LoginMessages outcome={outcome} links={links} email={() => form.getValues().email} />
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
    </PublicLayout>
  );
}

export default LoginPage;
