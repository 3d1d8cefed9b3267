// Change password while signed in (POST /api/auth/password): the current one proves it is you; every other
// session of the account ends, this one goes on. A wrong current password shows on its field.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm } from 'react-hook-form';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { changePasswordSchema, type ChangePasswordInput } from '../../../contract/schemas';
import type { PortalDataProvider } from '../../dataProvider/types';
import { FormPasswordInput } from '../../components/inputs';
import { MainButton } from '../../components/MainButton';
import { failureMessage, showFieldErrors } from '../../customRoutes/public/httpError';

const EMPTY: ChangePasswordInput = { current_password: '', password: '', password_extra: '' };

export function PasswordForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const form = useForm<ChangePasswordInput>({
    resolver: yupResolver(changePasswordSchema),
    mode: 'onBlur',
    defaultValues: EMPTY,
  });

  const onSubmit = async (input: ChangePasswordInput) => {
    try {
      const { message } = await dataProvider.changePassword(input);
      notify(message || 'portal.profile.password_title', { type: 'success' });
      form.reset(EMPTY);
    } catch (error) {
      if (!showFieldErrors(form, error, Object.keys(EMPTY))) notify(failureMessage(error), { type: 'error' });
    }
  };

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        aria-labelledby="profile-password-title"
        sx={{ display: 'grid', gap: 2, maxWidth: 420 }}
      >
        <Typography id="profile-password-title" component="h2" variant="h6">
          {translate('portal.profile.password_title')}
        </Typography>
        <FormPasswordInput source="current_password" label="portal.profile.current_password" required />
        <FormPasswordInput
          source="password"
          label="portal.profile.new_password"
          required
          autoComplete="new-password"
        />
        <FormPasswordInput
          source="password_extra"
          label="portal.profile.confirm_password"
          required
          autoComplete="new-password"
        />
        <Box>
          <MainButton type="submit" loading={form.formState.isSubmitting}>
            {translate('portal.profile.change_password')}
          </MainButton>
        </Box>
      </Box>
    </FormProvider>
  );
}
