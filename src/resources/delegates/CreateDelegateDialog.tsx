// "New delegate certificate" (docs/screens.md, Delegate certificates): for whom (customer name, contact), which
// numbers (typed, one number or block a line, and/or every number of a filtered selection of the number listing),
// and the key (a CSR, or one the portal makes and shows once). Checked with the contract's schema before anything
// is sent; Issue runs once however often it is clicked (useSingleFlight, the check included) and the call carries an
// Idempotency-Key (dataProvider/delegateCalls.ts). A refusal (numbers outside the inventory or another customer's,
// no STI-SCA) stays in the form with the server's sentence, which names the numbers.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch, type Control } from 'react-hook-form';
import { useDataProvider, useTranslate } from 'react-admin';
import type { DelegateIssued } from '../../../contract/wire/delegates';
import { certificateErrorMessage } from '../../components/certificates';
import { MainButton } from '../../components/MainButton';
import { useSingleFlight } from '../../components/useSingleFlight';
import type { PortalDataProvider } from '../../dataProvider/types';
import { NumberOptionsAutocomplete } from '../numbers/NumberOptionsAutocomplete';
import {
  EMPTY_DELEGATE_FORM,
  delegatePayload,
  delegateResolver,
  type DelegateFormValues,
} from './delegateForm';
import { KeyChoiceFields, useErrorText } from './KeyChoiceFields';

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

type Name = 'customer_name' | 'customer_contact' | 'numbers' | 'filter.q';

function Text({
  control,
  name,
  label,
  help,
  disabled,
  ...rest
}: {
  control: Control<DelegateFormValues>;
  name: Name;
  label: string;
  help?: string;
  disabled: boolean;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  required?: boolean;
  autoFocus?: boolean;
  parse?: (value: string) => string;
}) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { parse, ...props } = rest;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...props}
          onChange={(event) => field.onChange(parse ? parse(event.target.value) : event.target.value)}
          label={translate(label)}
          fullWidth
          margin="dense"
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={errorText(fieldState.error?.message) ?? (help ? translate(help) : undefined)}
          slotProps={
            props.multiline
              ? { htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }
              : undefined
          }
        />
      )}
    />
  );
}

/** The number listing's filters whose every number is picked: number contains, VoIP user, organization. */
function FilterFields({ control, disabled }: { control: Control<DelegateFormValues>; disabled: boolean }) {
  const translate = useTranslate();
  const on = useWatch({ control, name: 'by_filter' });
  return (
    <Box sx={{ mt: 1 }}>
      <Controller
        control={control}
        name="by_filter"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                disabled={disabled}
              />
            }
            label={translate('portal.delegates.by_filter')}
          />
        )}
      />
      <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{translate('portal.delegates.by_filter_help')}</FormHelperText>
      {on ? (
        <Box sx={{ display: 'grid', gap: 1, mt: 1, ml: { xs: 0, sm: 4 } }}>
          <Text
            control={control}
            name="filter.q"
            label="portal.delegates.filter_number"
            help="portal.numbers.digits_only"
            disabled={disabled}
            parse={(v) => v.replace(/\D/g, '').slice(0, 10)}
          />
          {(['voip_user', 'organization'] as const).map((source) => (
            <Controller
              key={source}
              control={control}
              name={`filter.${source}`}
              render={({ field }) => (
                <NumberOptionsAutocomplete
                  kind={source === 'voip_user' ? 'voip_users' : 'organizations'}
                  label={`portal.delegates.filter_${source}`}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={disabled}
                />
              )}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** For whom, and which numbers. */
function RequestFields({ control, disabled }: { control: Control<DelegateFormValues>; disabled: boolean }) {
  return (
    <>
      <Text
        control={control}
        name="customer_name"
        label="portal.delegates.customer_name"
        disabled={disabled}
        required
        autoFocus
      />
      <Text
        control={control}
        name="customer_contact"
        label="portal.delegates.customer_contact"
        help="portal.delegates.customer_contact_help"
        disabled={disabled}
      />
      <Text
        control={control}
        name="numbers"
        label="portal.delegates.numbers"
        help="portal.delegates.numbers_help"
        disabled={disabled}
        multiline
        minRows={3}
        maxRows={10}
      />
      <FilterFields control={control} disabled={disabled} />
    </>
  );
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
  const { control } = form;

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
          <RequestFields control={control} disabled={busy} />
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
