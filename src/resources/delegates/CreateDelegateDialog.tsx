// "New delegate certificate" (docs/screens.md, Delegate certificates): for whom (customer name, contact), which
// numbers (typed, one number or block a line, and/or every number of a filtered selection of the number listing),
// and the key (a CSR, or one the portal makes and shows once). Checked with the contract's schema before anything
// is sent; Issue runs once however often it is clicked (useSingleFlight, the check included) and the call carries an
// Idempotency-Key (dataProvider/delegateCalls.ts). A refusal (numbers outside the inventory or another customer's,
// no STI-SCA) stays in the form with the server's sentence, which names the numbers.
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import { useDataProvider } from 'react-admin';
import type { DelegateIssued } from '../../../contract/wire/delegates';
import { type SingleFlight, useSingleFlight } from '../../components/useSingleFlight';
import type { PortalDataProvider } from '../../dataProvider/types';
import {
  EMPTY_DELEGATE_FORM,
  delegatePayload,
  delegateResolver,
  type DelegateFormValues,
} from './delegateForm';
import { DelegateRequestFields } from './DelegateRequestFields';
import { KeyChoiceFields } from './KeyChoiceFields';
import { SelectionForm, useSelectionForm } from './SelectionForm';

function CreateForm({
  titleId,
  onClose,
  onIssued,
  ...flight
}: {
  titleId: string;
  onClose: () => void;
  onIssued: (issued: DelegateIssued) => void;
} & SingleFlight) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const selection = useSelectionForm<DelegateFormValues, DelegateIssued>({
    resolver: delegateResolver,
    defaultValues: EMPTY_DELEGATE_FORM,
    send: (values) => dataProvider.createDelegate(delegatePayload(values)),
    onDone: onIssued,
  });
  return (
    <SelectionForm
      {...flight}
      titleId={titleId}
      title="portal.delegates.create_title"
      submitLabel="portal.delegates.issue"
      onClose={onClose}
      selection={selection}
    >
      {(refusal) => (
        <>
          <DelegateRequestFields disabled={flight.busy} />
          {refusal}
          <KeyChoiceFields disabled={flight.busy} />
        </>
      )}
    </SelectionForm>
  );
}

export function CreateDelegateDialog({
  open,
  onClose,
  onIssued,
}: {
  open: boolean;
  onClose: () => void;
  /** After a certificate was issued: the answer, with the key when the portal made it. */
  onIssued: (issued: DelegateIssued) => void;
}) {
  const titleId = useId();
  const { busy, run } = useSingleFlight();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      {/* mounted while open only: every opening starts from an empty form */}
      {open ? (
        <CreateForm titleId={titleId} onClose={onClose} onIssued={onIssued} busy={busy} run={run} />
      ) : null}
    </Dialog>
  );
}
