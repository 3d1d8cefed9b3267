// The text fields of the card form (docs/screens.md, Auto renewal), shared by the plain form of sandbox mode
// and the Stripe form: one spec per field (label, input formatting, autocomplete) and the Controller-bound
// TextFields that render them.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import {
  cardFormUpdateSchema,
  expiryText,
  formatCardNumber,
  formatExpiry,
  type CardFormValues,
} from '../../contract/cards';
import type { SavedCard } from '../../contract/api';
import { keepDigits } from '../components/inputs/format';

export type CardFormMode = 'add' | 'update';

export interface FieldSpec<K extends keyof CardFormValues = keyof CardFormValues> {
  name: K;
  label: string;
  format?: (value: string) => string;
  type?: string;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
  autoComplete?: string;
  placeholder?: string;
}

/** The billing address part of the card form: the same in add and update mode, sandbox and Stripe. */
export type AddressValues = Pick<CardFormValues, 'billing_address' | 'state' | 'city' | 'zip_code'>;

export const EMPTY_CARD_FORM: CardFormValues = {
  number: '',
  cvc: '',
  exp_date: '',
  billing_address: '',
  state: '',
  city: '',
  zip_code: '',
};

/** The address rules of contract/cards.ts, without the card fields (the Stripe form has no card inputs of its own). */
export const addressFormSchema = cardFormUpdateSchema.pick(['billing_address', 'state', 'city', 'zip_code']);

export function cardFormDefaultsOf(mode: CardFormMode, card?: SavedCard): CardFormValues {
  if (mode === 'add' || !card) return EMPTY_CARD_FORM;
  const address = card.billing_details?.address;
  return {
    ...EMPTY_CARD_FORM,
    exp_date: expiryText(card.card.exp_month, card.card.exp_year),
    billing_address: address?.line1 ?? '',
    state: address?.state ?? '',
    city: address?.city ?? '',
    zip_code: address?.postal_code ?? '',
  };
}

/** Trimmed, as the API takes them. */
export const addressPayloadOf = (values: AddressValues): AddressValues => ({
  billing_address: values.billing_address.trim(),
  state: values.state.trim(),
  city: values.city.trim(),
  zip_code: values.zip_code.trim(),
});

export const CARD_NUMBER_FIELD: FieldSpec = {
  name: 'number',
  label: 'portal.billing.card_number',
  format: formatCardNumber,
  inputMode: 'numeric',
  autoComplete: 'cc-number',
  placeholder: '•••• •••• •••• ••••',
  // 19 digits and the spaces between their groups
  maxLength: 23,
};

export const EXPIRY_FIELD: FieldSpec = {
  name: 'exp_date',
  label: 'portal.billing.exp_date',
  format: formatExpiry,
  inputMode: 'numeric',
  autoComplete: 'cc-exp',
  placeholder: 'MM / YYYY',
  maxLength: 9,
};

export const CVC_FIELD: FieldSpec = {
  name: 'cvc',
  label: 'portal.billing.cvc',
  format: keepDigits,
  type: 'password',
  inputMode: 'numeric',
  autoComplete: 'cc-csc',
  maxLength: 4,
};

export const ADDRESS_FIELDS: readonly FieldSpec<keyof AddressValues>[] = [
  {
    name: 'billing_address',
    label: 'portal.billing.billing_address',
    autoComplete: 'address-line1',
    maxLength: 200,
  },
  { name: 'state', label: 'portal.billing.state', autoComplete: 'address-level1', maxLength: 100 },
  { name: 'city', label: 'portal.billing.city', autoComplete: 'address-level2', maxLength: 100 },
  {
    name: 'zip_code',
    label: 'portal.billing.zip_code',
    format: keepDigits,
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    maxLength: 10,
  },
];

/** The two-column grid the card form's fields sit in. */
export function CardFieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      {children}
    </Box>
  );
}

/** Required TextFields bound to the form, formatted while typing, each with its first error under it. */
export function CardTextFields<T extends FieldValues>({
  control,
  specs,
}: {
  control: Control<T>;
  specs: readonly FieldSpec<Extract<keyof T, keyof CardFormValues>>[];
}) {
  const translate = useTranslate();
  return (
    <>
      {specs.map((spec) => (
        <Controller
          key={spec.name}
          name={spec.name as unknown as Path<T>}
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              name={field.name}
              inputRef={field.ref}
              value={field.value ?? ''}
              onChange={(event) =>
                field.onChange(spec.format ? spec.format(event.target.value) : event.target.value)
              }
              onBlur={field.onBlur}
              label={translate(spec.label)}
              type={spec.type ?? 'text'}
              placeholder={spec.placeholder}
              required
              margin="dense"
              fullWidth
              autoComplete={spec.autoComplete}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? ' '}
              slotProps={{ htmlInput: { inputMode: spec.inputMode, maxLength: spec.maxLength } }}
            />
          )}
        />
      ))}
    </>
  );
}
