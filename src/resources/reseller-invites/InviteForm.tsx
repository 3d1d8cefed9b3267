// The invitation of a company by email (/reseller/sp-invite): email required, company and contact name optional,
// checked with the server's own rules (contract/resellers.ts). The server's field errors (an address that already
// has an account) land on their fields; the list below refreshes once the invitation is sent.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm } from 'react-hook-form';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { companyInviteSchema } from '../../../contract/resellers';
import { LIMITS } from '../../../contract/constants';
import { FormTextInput } from '../../components/inputs';
import { MainButton } from '../../components/MainButton';
import type { PortalHttpError } from '../../dataProvider/types';

interface InviteValues {
  email: string;
  company_name: string;
  first_name: string;
  last_name: string;
}

const EMPTY: InviteValues = { email: '', company_name: '', first_name: '', last_name: '' };

export function InviteForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const [create, { isPending }] = useCreate();
  const form = useForm<InviteValues>({
    resolver: yupResolver(companyInviteSchema) as never,
    mode: 'onBlur',
    defaultValues: EMPTY,
  });

  // one invitation per click: the form stays submitting (its button disabled) until the answer is in
  const onSubmit = async (values: InviteValues) => {
    const data = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    await create(
      'reseller-invites',
      { data },
      {
        returnPromise: true,
        onSuccess: () => {
          notify('portal.reseller_invites.sent', {
            type: 'success',
            messageArgs: { email: values.email.trim() },
          });
          form.reset(EMPTY);
        },
        onError: (error) => {
          const body = (error as PortalHttpError).body;
          const fields = Object.entries(body?.errors ?? {}).filter(([name]) => name in EMPTY);
          for (const [name, message] of fields) form.setError(name as keyof InviteValues, { message });
          if (!fields.length) notify((error as Error).message, { type: 'error' });
        },
      },
    ).catch(() => undefined);
  };

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        aria-label={translate('portal.reseller_invites.title')}
        onSubmit={form.handleSubmit(onSubmit)}
        sx={{ px: 2, pb: 2, maxWidth: 640 }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('portal.reseller_invites.intro')}
        </Typography>
        <FormTextInput
          source="email"
          label="resources.reseller-invites.fields.email"
          type="email"
          required
          maxLength={LIMITS.emailMax}
        />
        <FormTextInput
          source="company_name"
          label="resources.reseller-invites.fields.company_name"
          allowSpaces
          maxLength={LIMITS.textMax}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <FormTextInput
            source="first_name"
            label="resources.reseller-invites.fields.first_name"
            allowSpaces
            maxLength={LIMITS.textMax}
          />
          <FormTextInput
            source="last_name"
            label="resources.reseller-invites.fields.last_name"
            allowSpaces
            maxLength={LIMITS.textMax}
          />
        </Box>
        <MainButton type="submit" loading={isPending || form.formState.isSubmitting} sx={{ mt: 1 }}>
          {translate('portal.reseller_invites.send')}
        </MainButton>
      </Box>
    </FormProvider>
  );
}
