// The 'Generate your first / new STIR/SHAKEN certificate' modal (docs/screens.md, Certificates): a key, the
// STI-PA username and password; submit stays disabled until all three are set. error_cause
// 'unable_to_generate_spc_token' toasts the SPC token sentence, any other cause is shown as it is.
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  errorCauseMessage,
  generateCertificateSchema,
  type GenerateCertificateInput,
} from '../../../contract/certificates';
import type { PortalDataProvider } from '../../dataProvider/types';
import { FormSelectInput, type SelectChoice } from '../inputs';
import { StiPaCredentialFields } from './StiPaCredentialFields';
import { MainButton } from '../MainButton';
import { useCertificateNotify } from './useCertificateNotify';

export interface GenerateCertificateDialogProps {
  open: boolean;
  /** 'first' when the chosen key has no certificate yet. */
  first: boolean;
  keys: readonly SelectChoice[];
  defaultKey: string;
  onClose: () => void;
  /** After a certificate was made for this key. */
  onGenerated: (keyUuid: string) => void;
}

function GenerateForm({
  first,
  keys,
  defaultKey,
  onClose,
  onGenerated,
  titleId,
}: Omit<GenerateCertificateDialogProps, 'open'> & { titleId: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast, failure } = useCertificateNotify();
  const [calling, setBusy] = useState(false);
  const form = useForm<GenerateCertificateInput>({
    resolver: yupResolver(generateCertificateSchema),
    mode: 'all',
    defaultValues: { private_key_uuid: defaultKey, sti_pa_username: '', sti_pa_password: '' },
  });
  // busy from the click on (the fields' check runs first): a second click meanwhile sends nothing
  const busy = calling || form.formState.isSubmitting;
  const [key, username, password] = useWatch({
    control: form.control,
    name: ['private_key_uuid', 'sti_pa_username', 'sti_pa_password'],
  });
  const complete = Boolean(key && username?.trim() && password);

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const result = await dataProvider.generateCertificate(values);
      if (result.success) {
        toast('portal.certificates.generated', 'success');
        onGenerated(values.private_key_uuid);
      } else {
        toast(errorCauseMessage(result.error_cause), 'error');
      }
    } catch (error) {
      failure(error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {translate(first ? 'portal.certificates.generate_first' : 'portal.certificates.generate_new')}
        </DialogTitle>
        <DialogContent>
          <FormSelectInput
            source="private_key_uuid"
            label="portal.certificates.private_key"
            choices={keys}
            required
          />
          <StiPaCredentialFields />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('portal.common.cancel')}
          </Button>
          <MainButton type="submit" loading={busy} disabled={!complete} sx={{ minHeight: 36 }}>
            {translate('portal.certificates.generate')}
          </MainButton>
        </DialogActions>
      </form>
    </FormProvider>
  );
}

export function GenerateCertificateDialog({ open, onClose, ...rest }: GenerateCertificateDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {/* mounted while open only: every opening starts from an empty form */}
      {open ? <GenerateForm onClose={onClose} titleId={titleId} {...rest} /> : null}
    </Dialog>
  );
}
