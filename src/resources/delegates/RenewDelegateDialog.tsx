// Renew a delegate certificate: the question, what a renewal does (a new certificate for the same customer and
// numbers; this one stays valid until it expires), and the key of the new one (a new CSR, or a key the portal
// makes and shows once). Renew runs once however often it is clicked, with an Idempotency-Key; a refusal (numbers
// no longer in the inventory, no current STI-SCA) stays in the dialog with the server's sentence.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useDataProvider, useTranslate } from 'react-admin';
import type { DelegateIssued, DelegateRow } from '../../../contract/wire/delegates';
import { MainButton } from '../../components/MainButton';
import { useSingleFlight } from '../../components/useSingleFlight';
import type { PortalDataProvider } from '../../dataProvider/types';
import { RefusalAlert, refusalOf, type Refusal } from './SelectionForm';
import { keyPayload, renewResolver } from './delegateForm';
import { KeyChoiceFields, type KeyChoiceValues } from './KeyChoiceFields';

function RenewForm({
  target,
  titleId,
  onClose,
  onRenewed,
  busy,
  run,
}: {
  target: DelegateRow;
  titleId: string;
  onClose: () => void;
  onRenewed: (issued: DelegateIssued) => void;
  busy: boolean;
  run: ReturnType<typeof useSingleFlight>['run'];
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useForm<KeyChoiceValues>({
    resolver: renewResolver,
    reValidateMode: 'onChange',
    defaultValues: { key: 'generate', csr: '' },
  });
  const renew = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      onRenewed(await dataProvider.renewDelegate(target.id, keyPayload(values)));
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => renew());
        }}
      >
        <DialogTitle id={titleId}>{translate('portal.delegates.renew_question')}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2" sx={{ mb: 1 }}>
            {translate('portal.delegates.renew_explanation')}
          </DialogContentText>
          <KeyChoiceFields disabled={busy} />
          <RefusalAlert refusal={refusal} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('portal.common.cancel')}
          </Button>
          <MainButton type="submit" loading={busy} sx={{ minHeight: 36 }}>
            {translate('portal.certificates.renew')}
          </MainButton>
        </DialogActions>
      </form>
    </FormProvider>
  );
}

export function RenewDelegateDialog({
  target,
  onClose,
  onRenewed,
}: {
  /** The certificate to renew; null: closed. */
  target: DelegateRow | null;
  onClose: () => void;
  onRenewed: (issued: DelegateIssued) => void;
}) {
  const titleId = useId();
  const { busy, run } = useSingleFlight();
  return (
    <Dialog
      open={target !== null}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      {target ? (
        <RenewForm
          target={target}
          titleId={titleId}
          onClose={onClose}
          onRenewed={onRenewed}
          busy={busy}
          run={run}
        />
      ) : null}
    </Dialog>
  );
}
