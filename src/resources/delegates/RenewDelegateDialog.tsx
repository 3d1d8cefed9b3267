// Renew a delegate certificate: the question, what a renewal does (a new certificate for the same customer and
// numbers; this one stays valid until it expires), and the key of the new one (a new CSR, or a key the portal
// makes and shows once). Renew runs once however often it is clicked, with an Idempotency-Key; a refusal (numbers
// no longer in the inventory, no current STI-SCA) stays in the dialog with the server's sentence.
import Dialog from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import { useId } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { DelegateIssued, DelegateRow } from '../../../contract/wire/delegates';
import { type SingleFlight, useSingleFlight } from '../../components/useSingleFlight';
import type { PortalDataProvider } from '../../dataProvider/types';
import { SelectionForm, useSelectionForm } from './SelectionForm';
import { keyPayload, renewResolver } from './delegateForm';
import { KeyChoiceFields, type KeyChoiceValues } from './KeyChoiceFields';

function RenewForm({
  target,
  titleId,
  onClose,
  onRenewed,
  ...flight
}: {
  target: DelegateRow;
  titleId: string;
  onClose: () => void;
  onRenewed: (issued: DelegateIssued) => void;
} & SingleFlight) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const selection = useSelectionForm<KeyChoiceValues, DelegateIssued>({
    resolver: renewResolver,
    defaultValues: { key: 'generate', csr: '' },
    send: (values) => dataProvider.renewDelegate(target.id, keyPayload(values)),
    onDone: onRenewed,
  });
  return (
    <SelectionForm
      {...flight}
      titleId={titleId}
      title="portal.delegates.renew_question"
      submitLabel="portal.certificates.renew"
      onClose={onClose}
      selection={selection}
    >
      {(refusal) => (
        <>
          <DialogContentText variant="body2" sx={{ mb: 1 }}>
            {translate('portal.delegates.renew_explanation')}
          </DialogContentText>
          <KeyChoiceFields disabled={flight.busy} />
          {refusal}
        </>
      )}
    </SelectionForm>
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
