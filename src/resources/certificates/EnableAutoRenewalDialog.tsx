// 'Renew this certificate automatically?' (docs/api.md, Automatic renewal): what it does (renewed with the same key
// in its last AUTO_RENEWAL_WINDOW_DAYS days, the STI-PA credentials kept encrypted and never shown again, a mail
// with each outcome) and the STI-PA username and password, with the renew dialog's fields and rules. The server's
// field errors are shown on their fields; any other failure is a toast, and the form stays for another try.
import { useId, useState } from 'react';
import Typography from '@mui/material/Typography';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  AUTO_RENEWAL_MESSAGES,
  AUTO_RENEWAL_WINDOW_DAYS,
  autoRenewalSchema,
  type AutoRenewalInput,
} from '../../../contract/certificates';
import { ConfirmDialog, useCertificateNotify } from '../../components/certificates';
import { StiPaCredentialFields } from '../../components/certificates/StiPaCredentialFields';
import { showFieldErrors } from '../../customRoutes/public/httpError';
import type { PortalDataProvider } from '../../dataProvider/types';

const FIELDS: readonly (keyof AutoRenewalInput)[] = ['sti_pa_username', 'sti_pa_password'];

export interface EnableAutoRenewalDialogProps {
  /** The serial number of the certificate to renew automatically; null when closed. */
  serial: string | null;
  onClose: () => void;
  onEnabled: () => void;
}

function EnableForm({ serial, onClose, onEnabled }: EnableAutoRenewalDialogProps & { serial: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast, failure } = useCertificateNotify();
  const explanationId = useId();
  const [busy, setBusy] = useState(false);
  const form = useForm<AutoRenewalInput>({
    resolver: yupResolver(autoRenewalSchema),
    mode: 'all',
    defaultValues: { sti_pa_username: '', sti_pa_password: '' },
  });
  const [username, password] = useWatch({
    control: form.control,
    name: ['sti_pa_username', 'sti_pa_password'],
  });

  const enable = form.handleSubmit(async (input) => {
    setBusy(true);
    try {
      const { message } = await dataProvider.enableAutoRenewal(serial, input);
      toast(message || AUTO_RENEWAL_MESSAGES.enabled, 'success');
      onEnabled();
    } catch (error) {
      if (!showFieldErrors(form, error, FIELDS)) failure(error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <ConfirmDialog
      open
      question="portal.certificates.auto_renew_question"
      busy={busy}
      confirmDisabled={!(username?.trim() && password)}
      describedBy={explanationId}
      onConfirm={() => void enable()}
      onCancel={onClose}
    >
      <Typography id={explanationId} variant="body2" sx={{ mb: 1 }}>
        {translate('portal.certificates.auto_renew_explanation', { days: AUTO_RENEWAL_WINDOW_DAYS })}
      </Typography>
      <FormProvider {...form}>
        <form onSubmit={enable} noValidate>
          <StiPaCredentialFields autoFocus />
        </form>
      </FormProvider>
    </ConfirmDialog>
  );
}

export function EnableAutoRenewalDialog({ serial, ...rest }: EnableAutoRenewalDialogProps) {
  // mounted while open only: every opening starts from an empty form
  return serial ? <EnableForm serial={serial} {...rest} /> : null;
}
