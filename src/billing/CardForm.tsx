// The card form of the renewal page (docs/screens.md, Auto renewal): add (number, expiry, security code and
// the billing address) or update (expiry and billing address of the saved card). Formatting and validation
// come from contract/cards.ts, the same rules the server applies. With Stripe payments the number, expiry and
// security code of a new card are entered in Stripe's own fields (StripeCardForm) and only a payment-method
// id reaches our server; without a publishable key there are no such fields, so a note replaces the form. No
// raw card number is ever posted in Stripe mode, and the update form asks for no number or security code in
// any mode.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { yupResolver } from '@hookform/resolvers/yup';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useForm, type Resolver } from 'react-hook-form';
import {
  cardFormAddSchema,
  cardFormUpdateSchema,
  cardPayloadOf,
  type CardFormValues,
} from '../../contract/cards';
import type { SavedCard } from '../../contract/api';
import type { PortalDataProvider } from '../dataProvider/types';
import { stripePublishableKeyOf, useLoadedSettings } from '../settings';
import { MainButton } from '../components/MainButton';
import {
  ADDRESS_FIELDS,
  CARD_NUMBER_FIELD,
  CardFieldGrid,
  CardTextFields,
  CVC_FIELD,
  EXPIRY_FIELD,
  cardFormDefaultsOf,
  type CardFormMode,
  type FieldSpec,
} from './cardFields';
import { notifyFailure } from './errors';
import { StripeCardForm } from './StripeCardForm';

export type { CardFormMode } from './cardFields';

export interface CardFormProps {
  mode: CardFormMode;
  /** The saved card an update applies to. */
  card?: SavedCard;
  /** After a successful add or update: the page reloads the cards. */
  onSaved(): void;
}

export function CardForm({ mode, card, onSaved }: CardFormProps) {
  const translate = useTranslate();
  const { settings, status, retry } = useLoadedSettings();
  const key = `${mode}-${card?.id ?? 'none'}`;
  // A card number may be typed only once the payment mode is known: in Stripe mode it never reaches this server.
  if (!settings) {
    return status === 'error' ? (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {translate('portal.billing.secure_form_retry')}
          </Button>
        }
      >
        {translate('portal.billing.settings_unavailable')}
      </Alert>
    ) : (
      <LinearProgress aria-label={translate('portal.common.loading')} />
    );
  }
  if (settings.payments === 'stripe') {
    const publishableKey = stripePublishableKeyOf(settings);
    if (!publishableKey) return <SecureFormNote />;
    // an update sends the expiry and the address only: the same form as in sandbox mode
    if (mode === 'update') return <PlainCardForm key={key} mode={mode} card={card} onSaved={onSaved} />;
    return <StripeCardForm key={key} publishableKey={publishableKey} onSaved={onSaved} />;
  }
  return <PlainCardForm key={key} mode={mode} card={card} onSaved={onSaved} />;
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
  const { control, handleSubmit, reset, formState } = useForm<CardFormValues>({
    defaultValues: cardFormDefaultsOf(mode, card),
    // validation runs on blur and on change, stopping at the first error
    mode: 'all',
    criteriaMode: 'firstError',
    resolver: yupResolver(schema as never) as unknown as Resolver<CardFormValues>,
  });

  useEffect(() => reset(cardFormDefaultsOf(mode, card)), [mode, card, reset]);

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

  const fields: readonly FieldSpec[] =
    mode === 'add'
      ? [CARD_NUMBER_FIELD, EXPIRY_FIELD, CVC_FIELD, ...ADDRESS_FIELDS]
      : [EXPIRY_FIELD, ...ADDRESS_FIELDS];

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={translate(mode === 'add' ? 'portal.billing.add_card' : 'portal.billing.update')}
    >
      <CardFieldGrid>
        <CardTextFields control={control} specs={fields} />
      </CardFieldGrid>
      <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
        <MainButton type="submit" loading={saving || formState.isSubmitting}>
          {translate(mode === 'add' ? 'portal.billing.add_card' : 'portal.billing.update_card')}
        </MainButton>
        {mode === 'update' ? (
          <Button type="button" onClick={() => reset(cardFormDefaultsOf(mode, card))} disabled={saving}>
            {translate('portal.common.reset')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
