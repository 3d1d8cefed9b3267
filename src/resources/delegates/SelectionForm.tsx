// The form of "New delegate certificate", "ACME credential for a customer" and a delegate's renewal
// (docs/screens.md): their fields (for whom and which numbers, the key), checked with the contract's schema before
// anything is sent, sent once however often it is clicked (the caller's useSingleFlight, the check included), and a
// refusal kept in the form with the server's sentence: under its field when it names one (numbers outside the
// inventory or another customer's, nothing picked), when the form asks for that, else above the buttons.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { MainButton } from '../../components/MainButton';
import type { SingleFlight } from '../../components/useSingleFlight';
import type { PortalHttpError } from '../../dataProvider/types';
import { certificateErrorMessage } from '../../components/certificates';
import { type DelegateRequestField, requestFieldErrors } from './delegateForm';

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

export interface SelectionFormOptions<V extends FieldValues, A> {
  resolver: Resolver<V>;
  defaultValues: DefaultValues<V>;
  /** The request: its answer goes to `onDone`, its refusal stays in the form. */
  send: (values: V) => Promise<A>;
  onDone: (answer: A) => void;
  /** Tell a refusal that names a field under that field (else always above the buttons). */
  fieldErrors?: boolean;
}

/** The form, its submit (the check, then the request), and the refusal to show above the buttons. */
export interface SelectionFormState<V extends FieldValues> {
  form: UseFormReturn<V>;
  submit: () => Promise<void>;
  refusal: Refusal | null;
}

export function useSelectionForm<V extends FieldValues, A>(
  o: SelectionFormOptions<V, A>,
): SelectionFormState<V> {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useForm<V>({
    resolver: o.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: o.defaultValues,
  });
  const submit: () => Promise<void> = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      o.onDone(await o.send(values));
    } catch (error) {
      const told = refusalOf(error);
      if (!told) return;
      const body = (error as Partial<PortalHttpError>).body;
      const fields = o.fieldErrors ? requestFieldErrors(body, told.message) : [];
      for (const [name, message] of fields)
        form.setError(name as DelegateRequestField & Parameters<typeof form.setError>[0], {
          type: 'server',
          message,
        });
      if (!fields.length) setRefusal(told);
    }
  });
  return { form, submit, refusal };
}

export interface SelectionFormProps<V extends FieldValues> extends SingleFlight {
  titleId: string;
  /** Message keys of the title and of the submit button. */
  title: string;
  submitLabel: string;
  onClose: () => void;
  selection: SelectionFormState<V>;
  /** The fields, with the refusal's place among them (`refusal`). */
  children: (refusal: ReactNode) => ReactNode;
}

export function SelectionForm<V extends FieldValues>(p: SelectionFormProps<V>) {
  const translate = useTranslate();
  const { form, submit, refusal } = p.selection;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // the check is part of the one action: a second click while it runs sends nothing
          void p.run(() => submit());
        }}
      >
        <DialogTitle id={p.titleId}>{translate(p.title)}</DialogTitle>
        <DialogContent>{p.children(<RefusalAlert refusal={refusal} />)}</DialogContent>
        <DialogActions>
          <Button onClick={p.onClose} disabled={p.busy}>
            {translate('portal.common.cancel')}
          </Button>
          <MainButton type="submit" loading={p.busy} sx={{ minHeight: 36 }}>
            {translate(p.submitLabel)}
          </MainButton>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
