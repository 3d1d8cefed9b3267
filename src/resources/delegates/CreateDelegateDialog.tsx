// "New delegate certificate" (docs/screens.md, Delegate certificates): for whom (customer name, contact), which
// numbers (typed, one number or block a line, and/or every number of a filtered selection of the number listing),
// and the key (a CSR, or one the portal makes and shows once). Checked with the contract's schema before anything
// is sent; Issue runs once however often it is clicked (useSingleFlight, the check included) and the call carries an
// Idempotency-Key (dataProvider/delegateCalls.ts). A refusal (numbers outside the inventory or another customer's,
// no STI-SCA) stays in the form with the server's sentence, which names the numbers.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useDataProvider, useTranslate } from 'react-admin';
import type { DelegateIssued } from '../../../contract/wire/delegates';
import { certificateErrorMessage } from '../../components/certificates';
import { MainButton } from '../../components/MainButton';
import { useSingleFlight } from '../../components/useSingleFlight';
import type { PortalDataProvider } from '../../dataProvider/types';
import {
  EMPTY_DELEGATE_FORM,
  delegatePayload,
  delegateResolver,
  type DelegateFormValues,
} from './delegateForm';
import { DelegateRequestFields } from './DelegateRequestFields';
import { KeyChoiceFields } from './KeyChoiceFields';

/** A refusal of the request, told in the form: the server's sentence and the numbers it names. */
export interface Refusal {
  message: string;
  numbers: string[];
}

export function refusalOf(error: unknown): Refusal | null {
  // a request that never reached the server already has the layout's 'Network Error' toast
  if ((error as { code?: unknown } | null)?.code === 'ERR_NETWORK') return null;
  const numbers = (error as { body?: { numbers?: unknown } } | null)?.body?.numbers;
  return {
    message: certificateErrorMessage(error),
    numbers: Array.isArray(numbers) ? numbers.map(String) : [],
  };
}

/** A refusal of the server, in the form: its sentence, and the numbers it names when the sentence does not. */
export function RefusalAlert({ refusal }: { refusal: Refusal | null }) {
  if (!refusal) return null;
  return (
    <Alert severity="error" sx={{ my: 1, overflowWrap: 'anywhere' }}>
      {refusal.message}
      {refusal.numbers.some((n) => !refusal.message.includes(n)) ? (
        <Box component="span" sx={{ display: 'block', fontFamily: 'monospace' }}>
          {refusal.numbers.join(', ')}
        </Box>
      ) : null}
    </Alert>
  );
}

function CreateForm({
  titleId,
  onClose,
  onIssued,
  busy,
  run,
}: {
  titleId: string;
  onClose: () => void;
  onIssued: (issued: DelegateIssued) => void;
  busy: boolean;
  run: ReturnType<typeof useSingleFlight>['run'];
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useForm<DelegateFormValues>({
    resolver: delegateResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_DELEGATE_FORM,
  });

  const issue = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      onIssued(await dataProvider.createDelegate(delegatePayload(values)));
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
          // the check is part of the one action: a second click while it runs sends nothing
          void run(() => issue());
        }}
      >
        <DialogTitle id={titleId}>{translate('portal.delegates.create_title')}</DialogTitle>
        <DialogContent>
          <DelegateRequestFields disabled={busy} />
          <RefusalAlert refusal={refusal} />
          <KeyChoiceFields disabled={busy} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('portal.common.cancel')}
          </Button>
          <MainButton type="submit" loading={busy} sx={{ minHeight: 36 }}>
            {translate('portal.delegates.issue')}
          </MainButton>
        </DialogActions>
      </form>
    </FormProvider>
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
