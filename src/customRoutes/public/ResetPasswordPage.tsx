// /reset-password?token= (SPEC.md §2, §8): 'Set the new password'. Success goes to /login; failures are only logged.
// An invitation (a new reseller or admin) opens the same form at /accept-invite?token=, as its mail links it (or
// /reset-password with `invite=1`, as earlier mails did): titled 'Choose your password', it posts to
// auth/reseller/password.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import { setNewPasswordFormSchema } from '../../../contract/schemas';
import type { PortalDataProvider } from '../../dataProvider/types';
import { FormPasswordInput } from '../../components/inputs';
import { MainButton } from '../../components/MainButton';
import { PublicLayout } from './PublicLayout';

interface NewPasswordValues {
  password: string;
  confirm_password: string;
}

export function ResetPasswordPage({ invite = false }: { invite?: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const isInvitation = invite || searchParams.get('invite') === '1';
  const title = translate(isInvitation ? 'portal.accept_invite.title' : 'portal.reset_password.title');
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<NewPasswordValues>({
    resolver: yupResolver(setNewPasswordFormSchema),
    mode: 'all',
    defaultValues: { password: '', confirm_password: '' },
  });

  const onSubmit = async ({ password, confirm_password }: NewPasswordValues) => {
    setSubmitting(true);
    try {
      const params = { token, password, password_extra: confirm_password };
      await (isInvitation ? dataProvider.acceptInvitation(params) : dataProvider.setNewPassword(params));
      navigate('/login');
    } catch (error) {
      // SPEC.md §8: a failed set-new-password is only logged.
      console.error(error);
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout title={title}>
      {token ? (
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label={title}>
            <FormPasswordInput source="password" label="portal.reset_password.password" required autoComplete="new-password" autoFocus />
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
      ) : (
        <Alert severity="warning">{translate('portal.reset_password.missing_token')}</Alert>
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
