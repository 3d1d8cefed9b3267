// The card form of the renewal page (SPEC.md §3, §4, §5): add (number, expiry, security code and the billing
// address) or update (expiry and billing address of the saved card). Formatting and validation come from
// contract/cards.ts, the same rules the server applies. With Stripe payments the card data belongs in the
// provider's own secure fields, which are not part of this build, so the form is replaced by a note and no
// raw card number is ever posted.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { yupResolver } from '@hookform/resolvers/yup';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  cardFormAddSchema,
  cardFormUpdateSchema,
  cardPayloadOf,
  expiryText,
  formatCardNumber,
  formatExpiry,
  type CardFormValues,
} from '../../../contract/cards';
import type { PortalDataProvider, SavedCard } from '../../dataProvider/types';
import { useSettings } from '../../settings';
import { MainButton } from '../MainButton';
import { keepDigits } from '../inputs/format';
import { notifyFailure } from './errors';

export type CardFormMode = 'add' | 'update';

export interface CardFormProps {
  mode: CardFormMode;
  /** The saved card an update applies to. */
  card?: SavedCard;
  /** After a successful add or update: the page reloads the cards. */
  onSaved(): void;
}

const EMPTY: CardFormValues = { number: '', cvc: '', exp_date: '', billing_address: '', state: '', city: '', zip_code: '' };

function defaultsOf(mode: CardFormMode, card?: SavedCard): CardFormValues {
  if (mode === 'add' || !card) return EMPTY;
  const address = card.billing_details?.address;
  return {
    ...EMPTY,
    exp_date: expiryText(card.card.exp_month, card.card.exp_year),
    billing_address: address?.line1 ?? '',
    state: address?.state ?? '',
    city: address?.city ?? '',
    zip_code: address?.postal_code ?? '',
  };
}

interface FieldSpec {
  name: keyof CardFormValues;
  label: string;
  format?: (value: string) => string;
  type?: string;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
  autoComplete?: string;
  placeholder?: string;
}

export function CardForm({ mode, card, onSaved }: CardFormProps) {
  const settings = useSettings();
  if (settings.payments === 'stripe') return <SecureFormNote />;
  return <PlainCardForm key={`${mode}-${card?.id ?? 'none'}`} mode={mode} card={card} onSaved={onSaved} />;
}

function SecureFormNote() {
  const translate = useTranslate();
  return (
    <Alert severity="info" data-testid="secure-card-note">
      {translate('portal.billing.secure_form_note')}
    </Alert>
  );
}

function PlainCardForm({ mode, card, onSaved }: CardFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [saving, setSaving] = useState(false);
  const schema = mode === 'add' ? cardFormAddSchema : cardFormUpdateSchema;
  const { control, handleSubmit, reset } = useForm<CardFormValues>({
    defaultValues: defaultsOf(mode, card),
    // SPEC.md §5: validation runs on blur and on change, stopping at the first error
    mode: 'all',
    criteriaMode: 'firstError',
    resolver: yupResolver(schema as never) as unknown as Resolver<CardFormValues>,
  });

  useEffect(() => reset(defaultsOf(mode, card)), [mode, card, reset]);

  const submit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      if (mode === 'add') {
        await dataProvider.addCard(cardPayloadOf(values, 'add'));
        notify('portal.billing.card_added', { type: 'success' });
      } else if (card) {
        await dataProvider.updateCard(card.id, cardPayloadOf(values, 'update'));
        notify('portal.billing.card_updated', { type: 'success' });
      }
      onSaved();
    } catch (error) {
      notifyFailure(notify, error);
    } finally {
      setSaving(false);
    }
  });

  const fields: FieldSpec[] = [
    ...(mode === 'add'
      ? ([
          {
            name: 'number',
            label: 'portal.billing.card_number',
            format: formatCardNumber,
            inputMode: 'numeric',
            autoComplete: 'cc-number',
            placeholder: '•••• •••• •••• ••••',
          },
        ] as FieldSpec[])
      : []),
    { name: 'exp_date', label: 'portal.billing.exp_date', format: formatExpiry, inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM / YYYY', maxLength: 9 },
    ...(mode === 'add'
      ? ([
          {
            name: 'cvc',
            label: 'portal.billing.cvc',
            format: keepDigits,
            type: 'password',
            inputMode: 'numeric',
            autoComplete: 'cc-csc',
            maxLength: 4,
          },
        ] as FieldSpec[])
      : []),
    { name: 'billing_address', label: 'portal.billing.billing_address', autoComplete: 'address-line1', maxLength: 200 },
    { name: 'state', label: 'portal.billing.state', autoComplete: 'address-level1', maxLength: 100 },
    { name: 'city', label: 'portal.billing.city', autoComplete: 'address-level2', maxLength: 100 },
    { name: 'zip_code', label: 'portal.billing.zip_code', format: keepDigits, inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 10 },
  ];

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={translate(mode === 'add' ? 'portal.billing.add_card' : 'portal.billing.update')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {fields.map((spec) => (
          <Controller
            key={spec.name}
            name={spec.name}
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(spec.format ? spec.format(event.target.value) : event.target.value)}
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
                slotProps={{ htmlInput: { inputMode: spec.inputMode, maxLength: spec.format === formatCardNumber ? 23 : spec.maxLength } }}
              />
            )}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
        <MainButton type="submit" loading={saving}>
          {translate(mode === 'add' ? 'portal.billing.add_card' : 'portal.billing.update_card')}
        </MainButton>
        {mode === 'update' ? (
          <Button type="button" onClick={() => reset(defaultsOf(mode, card))} disabled={saving}>
            {translate('portal.common.reset')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
