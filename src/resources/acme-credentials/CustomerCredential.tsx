// An ACME credential handed to a delegate customer (docs/screens.md, ACME): the button that opens it, on the
// delegate certificates page and the ACME page; the dialog asking for whom and which numbers (the delegate form's
// fields and the contract's customerAcmeCredentialSchema); then the credential shown once, with the directory URL and
// what its account may order. The request carries no Idempotency-Key (dataProvider/acmeCalls.ts), so Create runs
// once however often it is clicked (useSingleFlight, the check included). A refusal about a field (numbers outside
// the inventory or another customer's, nothing picked) is told under it; any other (no STI-SCA, an inactive
// subscription) stays in the form with the server's sentence.
import Dialog from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AcmeCredentialCreated } from '../../../contract/acme';
import { MainButton } from '../../components/MainButton';
import { useSingleFlight, type SingleFlight } from '../../components/useSingleFlight';
import type { PortalDataProvider } from '../../dataProvider/types';
import { SelectionForm, useSelectionForm } from '../delegates/SelectionForm';
import { DelegateRequestFields } from '../delegates/DelegateRequestFields';
import {
  EMPTY_DELEGATE_REQUEST,
  customerAcmeResolver,
  selectionPayload,
  type DelegateRequestValues,
} from '../delegates/delegateForm';
import { CredentialCreatedDialog } from './CredentialCreatedDialog';

/** The query key of the credentials' list, read again once a credential is made. */
const CREDENTIALS_QUERY_KEY = ['acme-credentials'] as const;

function CustomerCredentialForm({
  titleId,
  onClose,
  onCreated,
  ...flight
}: {
  titleId: string;
  onClose: () => void;
  onCreated: (created: AcmeCredentialCreated) => void;
} & SingleFlight) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const selection = useSelectionForm<DelegateRequestValues, AcmeCredentialCreated>({
    resolver: customerAcmeResolver,
    defaultValues: EMPTY_DELEGATE_REQUEST,
    send: (values) => dataProvider.createCustomerAcmeCredential(selectionPayload(values)),
    onDone: onCreated,
    fieldErrors: true,
  });
  return (
    <SelectionForm
      {...flight}
      titleId={titleId}
      title="portal.acme.customer_title"
      submitLabel="portal.acme.create"
      onClose={onClose}
      selection={selection}
    >
      {(refusal) => (
        <>
          <DialogContentText variant="body2" sx={{ mb: 1 }}>
            {translate('portal.acme.customer_intro')}
          </DialogContentText>
          <DelegateRequestFields disabled={flight.busy} />
          {refusal}
        </>
      )}
    </SelectionForm>
  );
}

export interface CustomerCredentialButtonProps {
  /** Message key of the button's text. */
  label: string;
  /** Message key of its accessible name, when its text says less out of its place on the page. */
  ariaLabel?: string;
}

export function CustomerCredentialButton({ label, ariaLabel }: CustomerCredentialButtonProps) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const flight = useSingleFlight();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [asking, setAsking] = useState(false);
  const [created, setCreated] = useState<AcmeCredentialCreated | null>(null);
  const [showing, setShowing] = useState(false);

  const onCreated = (answer: AcmeCredentialCreated) => {
    setAsking(false);
    setCreated({
      key_id: answer.key_id,
      hmac_key: answer.hmac_key,
      customer_name: answer.customer_name,
      number_count: answer.number_count,
    });
    setShowing(true);
  };

  const closeShown = () => {
    setShowing(false);
    void queryClient.invalidateQueries({ queryKey: CREDENTIALS_QUERY_KEY });
  };

  return (
    <>
      <MainButton
        variant="outlined"
        onClick={() => setAsking(true)}
        aria-label={ariaLabel ? translate(ariaLabel) : undefined}
      >
        {translate(label)}
      </MainButton>
      <Dialog
        open={asking}
        onClose={flight.busy ? undefined : () => setAsking(false)}
        maxWidth="sm"
        fullWidth
        fullScreen={phone}
        aria-labelledby={titleId}
      >
        {/* mounted while open only: every opening starts from an empty form */}
        {asking ? (
          <CustomerCredentialForm
            titleId={titleId}
            onClose={() => setAsking(false)}
            onCreated={onCreated}
            {...flight}
          />
        ) : null}
      </Dialog>
      <CredentialCreatedDialog
        open={showing}
        credential={created}
        onClose={closeShown}
        onExited={() => setCreated(null)}
      />
    </>
  );
}
