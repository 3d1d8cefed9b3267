// 'Are you sure you want to renew this certificate?' with the STI-PA username and password asked again: the
// renewed certificate (new serial, same key) needs a new SPC token. It also asks what happens to the old
// certificate: kept valid (the default: calls in flight carry its CR URL), revoked in 24 hours, or now. The
// answer is read like a generation: {success:false, error_cause} toasts the cause (docs/screens.md,
// Certificates).
import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useDataProvider } from 'react-admin';
import {
  DEFAULT_RENEWAL_REVOKE_OLD,
  errorCauseMessage,
  renewCertificateSchema,
  type RenewCertificateInput,
} from '../../../contract/certificates';
import type { PortalDataProvider } from '../../dataProvider/types';
import { StiPaCredentialFields } from './StiPaCredentialFields';
import { ConfirmDialog } from './ConfirmDialog';
import { RevokeOldChoice } from './RevokeOldChoice';
import { useCertificateNotify } from './useCertificateNotify';

export interface RenewCertificateDialogProps {
  /** The serial number of the certificate to renew; null when closed. */
  serial: string | null;
  onClose: () => void;
  onRenewed: () => void;
}

function RenewForm({ serial, onClose, onRenewed }: RenewCertificateDialogProps & { serial: string }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast, failure } = useCertificateNotify();
  const [calling, setBusy] = useState(false);
  const form = useForm<RenewCertificateInput>({
    resolver: yupResolver(renewCertificateSchema),
    mode: 'all',
    defaultValues: { sti_pa_username: '', sti_pa_password: '', revoke_old: DEFAULT_RENEWAL_REVOKE_OLD },
  });
  // busy from the click on (the fields' check runs first): a second click meanwhile sends nothing
  const busy = calling || form.formState.isSubmitting;
  const [username, password] = useWatch({
    control: form.control,
    name: ['sti_pa_username', 'sti_pa_password'],
  });

  const renew = form.handleSubmit(async (input) => {
    setBusy(true);
    try {
      const result = (await dataProvider.renewCertificate(serial, input)) as
        { success?: boolean; error_cause?: string } | undefined;
      if (result?.success === false) {
        toast(errorCauseMessage(result.error_cause), 'error');
        return;
      }
      toast('portal.certificates.renewed', 'success');
      onRenewed();
    } catch (error) {
      failure(error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <ConfirmDialog
      open
      question="portal.certificates.renew_question"
      busy={busy}
      confirmDisabled={!(username?.trim() && password)}
      onConfirm={() => void renew()}
      onCancel={onClose}
    >
      <FormProvider {...form}>
        <form onSubmit={renew} noValidate>
          <StiPaCredentialFields autoFocus />
          <RevokeOldChoice disabled={busy} />
        </form>
      </FormProvider>
    </ConfirmDialog>
  );
}

export function RenewCertificateDialog({ serial, ...rest }: RenewCertificateDialogProps) {
  // mounted while open only: every opening starts from an empty form
  return serial ? <RenewForm serial={serial} {...rest} /> : null;
}
