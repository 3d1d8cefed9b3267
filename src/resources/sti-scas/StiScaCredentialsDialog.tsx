// The STI-PA username and password an STI-SCA is requested or renewed with (the rules of a certificate's
// generation: requestStiScaSchema). Submit checks the fields first; while the call runs it stays disabled, so a
// second click sends nothing, and the call carries an Idempotency-Key (dataProvider/stiScaCalls.ts). An answer
// {success:false, error_cause} toasts the cause's sentence; a refusal (409, 429, 503) toasts the server's.
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm } from 'react-hook-form';
import { useDataProvider, useTranslate } from 'react-admin';
import { errorCauseMessage } from '../../../contract/certificates';
import {
  STI_SCA_ERROR_CAUSE_MESSAGES,
  requestStiScaSchema,
  type RequestStiScaInput,
} from '../../../contract/delegates';
import type { StiScaRow } from '../../../contract/wire/delegates';
import { useCertificateNotify } from '../../components/certificates';
import { StiPaCredentialFields } from '../../components/certificates/StiPaCredentialFields';
import { MainButton } from '../../components/MainButton';
import type { PortalDataProvider } from '../../dataProvider/types';

/** The toast of an STI-SCA's error_cause: its own sentence, a certificate's, else the cause as it is. */
export function stiScaCauseMessage(cause: string | null | undefined): string {
  if (!cause) return 'portal.sti_sca.request_failed';
  return STI_SCA_ERROR_CAUSE_MESSAGES[cause] ?? errorCauseMessage(cause);
}

export interface StiScaCredentialsDialogProps {
  /** Request a new STI-SCA ('request'), or renew this one. */
  target: 'request' | StiScaRow | null;
  onClose: () => void;
  /** After an STI-SCA was issued. */
  onDone: () => void;
}

function CredentialsForm({
  target,
  onClose,
  onDone,
  titleId,
  calling,
  setCalling,
}: StiScaCredentialsDialogProps & {
  target: 'request' | StiScaRow;
  titleId: string;
  /** The call is running: held by the dialog, which does not close meanwhile. */
  calling: boolean;
  setCalling: (calling: boolean) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast, failure } = useCertificateNotify();
  const form = useForm<RequestStiScaInput>({
    resolver: yupResolver(requestStiScaSchema),
    mode: 'all',
    defaultValues: { sti_pa_username: '', sti_pa_password: '' },
  });
  // busy from the click on (the fields' check runs first): a second click meanwhile sends nothing
  const busy = calling || form.formState.isSubmitting;
  const renewal = target !== 'request';

  const submit = form.handleSubmit(async (values) => {
    setCalling(true);
    try {
      const result = renewal
        ? await dataProvider.renewStiSca(target.id, values)
        : await dataProvider.requestStiSca(values);
      if (!result.success) {
        toast(stiScaCauseMessage(result.error_cause), 'error');
        return;
      }
      toast(renewal ? 'portal.sti_sca.renewed' : 'portal.sti_sca.requested', 'success');
      onDone();
    } catch (error) {
      failure(error);
    } finally {
      setCalling(false);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {translate(renewal ? 'portal.sti_sca.renew_question' : 'portal.sti_sca.request_title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2" sx={{ mb: 1 }}>
            {translate(renewal ? 'portal.sti_sca.renew_explanation' : 'portal.sti_sca.request_hint')}
          </DialogContentText>
          <StiPaCredentialFields autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('portal.common.cancel')}
          </Button>
          <MainButton type="submit" loading={busy} sx={{ minHeight: 36 }}>
            {translate(renewal ? 'portal.certificates.renew' : 'portal.sti_sca.request')}
          </MainButton>
        </DialogActions>
      </form>
    </FormProvider>
  );
}

export function StiScaCredentialsDialog({ target, onClose, onDone }: StiScaCredentialsDialogProps) {
  const titleId = useId();
  const [calling, setCalling] = useState(false);
  return (
    <Dialog
      open={target !== null}
      onClose={calling ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      {/* mounted while open only: every opening starts from an empty form */}
      {target !== null ? (
        <CredentialsForm
          target={target}
          onClose={onClose}
          onDone={onDone}
          titleId={titleId}
          calling={calling}
          setCalling={setCalling}
        />
      ) : null}
    </Dialog>
  );
}
