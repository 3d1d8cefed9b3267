// "Send me a new link": where a confirmation link is expired, already used or incomplete, the page
// asks for the email address and sends a fresh confirmation mail (POST service_provider/resend_confirmation_email),
// then shows what the server answered. The server answers the same whether or not the address is registered.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { lazySchemaResolver } from './lazySchemaResolver';
import { usePublicDataProvider } from './usePublicDataProvider';
import { LIMITS } from '../../../contract/constants';
import { FormTextInput } from '../../components/inputs/FormTextInput';
import { MainButton } from '../../components/MainButton';
import { useSingleFlight } from '../../components/useSingleFlight';
import { failureMessage } from './httpError';

type Answer = { ok: boolean; text: string } | null;

export function ResendConfirmationForm() {
  const translate = useTranslate();
  const dataProvider = usePublicDataProvider();
  const { busy: sending, run } = useSingleFlight();
  const [answer, setAnswer] = useState<Answer>(null);
  const form = useForm<{ email: string }>({
    resolver: lazySchemaResolver('resendConfirmationSchema'),
    mode: 'all',
    defaultValues: { email: '' },
  });

  const onSubmit = ({ email }: { email: string }) =>
    run(async () => {
      setAnswer(null);
      try {
        const { message } = await dataProvider.resendConfirmationEmail(email.trim());
        setAnswer({ ok: true, text: message || translate('portal.login.check_email') });
      } catch (error) {
        setAnswer({ ok: false, text: failureMessage(error) });
      }
    });

  const label = translate('portal.expired_link.resend');
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        aria-label={label}
        sx={{ mt: 2 }}
      >
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('portal.expired_link.resend_intro')}
        </Typography>
        <FormTextInput
          source="email"
          label="portal.expired_link.email"
          type="email"
          required
          autoComplete="email"
          maxLength={LIMITS.emailMax}
        />
        <Box aria-live="polite">
          {answer ? (
            <Alert severity={answer.ok ? 'success' : 'error'} sx={{ my: 1 }}>
              {answer.text}
            </Alert>
          ) : null}
        </Box>
        <MainButton type="submit" fullWidth loading={sending || form.formState.isSubmitting} sx={{ mt: 1 }}>
          {label}
        </MainButton>
      </Box>
    </FormProvider>
  );
}
