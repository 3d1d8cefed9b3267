// /forgot-password (docs/screens.md, Forgotten and new password): 'Recover password'. Success toasts 'Check
// your Email!' and goes to /login.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { lazySchemaResolver } from './lazySchemaResolver';
import { usePublicDataProvider } from './usePublicDataProvider';
import { LIMITS, MESSAGES } from '../../../contract/constants';
import { FormTextInput } from '../../components/inputs/FormTextInput';
import { MainButton } from '../../components/MainButton';
import { useSingleFlight } from '../../components/useSingleFlight';
import { PublicLayout } from './PublicLayout';

export function ForgotPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = usePublicDataProvider();
  const { busy: submitting, run } = useSingleFlight();
  const [failed, setFailed] = useState(false);
  // A refused reset link sends the user here with the address when it knew it (?email=).
  const [searchParams] = useSearchParams();
  const form = useForm<{ email: string }>({
    resolver: lazySchemaResolver('forgotPasswordSchema'),
    mode: 'all',
    defaultValues: { email: searchParams.get('email')?.trim() ?? '' },
  });

  const onSubmit = ({ email }: { email: string }) =>
    run(async () => {
      setFailed(false);
      try {
        await dataProvider.forgotPassword(email);
        notify('portal.login.check_email', { type: 'success', messageArgs: { _: MESSAGES.checkEmail } });
        navigate('/login');
      } catch (error) {
        console.error(error);
        setFailed(true);
      }
    });

  return (
    <PublicLayout title={translate('portal.forgot_password.title')}>
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
          aria-label={translate('portal.forgot_password.title')}
        >
          <FormTextInput
            source="email"
            label="portal.forgot_password.email"
            type="email"
            required
            autoComplete="email"
            maxLength={LIMITS.emailMax}
            autoFocus
          />
          {failed ? (
            <Alert severity="error" sx={{ my: 1 }}>
              {MESSAGES.inputCorrectEmail}
            </Alert>
          ) : null}
          <MainButton
            type="submit"
            fullWidth
            loading={submitting || form.formState.isSubmitting}
            sx={{ mt: 2 }}
          >
            {translate('portal.forgot_password.send')}
          </MainButton>
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to="/login">
              {translate('portal.forgot_password.back_to_login')}
            </Link>
          </Typography>
        </Box>
      </FormProvider>
    </PublicLayout>
  );
}

export default ForgotPasswordPage;
