// Adding a card through Stripe Elements (docs/screens.md, Auto renewal): the address form, the completeness
// of Stripe's three fields as their change events report it, and the submission. Stripe turns the card into a
// payment method; only its id and the address are posted to our server. A refusal shows under the form and as
// a toast.
import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
// types only: the package itself is imported on demand by StripeCardForm
import type { StripeElementChangeEvent } from '@stripe/stripe-js';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useForm, type Resolver } from 'react-hook-form';
import type { PortalDataProvider } from '../dataProvider/types';
import { addressFormSchema, addressPayloadOf, type AddressValues } from './cardFields';
import { billingErrorMessage, notifyFailure } from './errors';

export type StripeFieldName = 'number' | 'expiry' | 'cvc';
type FieldStatus = { complete: boolean; error?: string };

const NOT_COMPLETE: Record<StripeFieldName, FieldStatus> = {
  number: { complete: false },
  expiry: { complete: false },
  cvc: { complete: false },
};

const EMPTY_ADDRESS: AddressValues = { billing_address: '', state: '', city: '', zip_code: '' };

export function useStripeAddCard(onSaved: () => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const stripe = useStripe();
  const elements = useElements();
  const [fields, setFields] = useState(NOT_COMPLETE);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<AddressValues>({
    defaultValues: EMPTY_ADDRESS,
    // validation runs on blur and on change, stopping at the first error
    mode: 'all',
    criteriaMode: 'firstError',
    resolver: yupResolver(addressFormSchema as never) as unknown as Resolver<AddressValues>,
  });

  // Stripe's change events carry completeness and Stripe's own error text, never the card data
  const track = (name: StripeFieldName) => (event: StripeElementChangeEvent) =>
    setFields((previous) => ({
      ...previous,
      [name]: { complete: event.complete, error: event.error?.message },
    }));

  const complete = fields.number.complete && fields.expiry.complete && fields.cvc.complete;

  const fail = (message: string) => {
    setFormError(message);
    notifyFailure(notify, new Error(message));
  };

  const submit = handleSubmit(async (values) => {
    const numberElement = elements?.getElement(CardNumberElement);
    if (!stripe || !numberElement) return;
    setSaving(true);
    setFormError(null);
    try {
      const address = addressPayloadOf(values);
      const result = await stripe.createPaymentMethod({
        type: 'card',
        card: numberElement,
        billing_details: {
          address: {
            line1: address.billing_address,
            state: address.state,
            city: address.city,
            postal_code: address.zip_code,
            country: 'US',
          },
        },
      });
      if (result.error || !result.paymentMethod) {
        fail(result.error?.message || translate('portal.billing.secure_form_declined'));
        return;
      }
      // the payment method's id and the address: no card number, expiry or security code leaves Stripe's fields
      await dataProvider.addCard({ payment_method_id: result.paymentMethod.id, ...address });
      notify('portal.billing.card_added', { type: 'success' });
      onSaved();
    } catch (error) {
      fail(billingErrorMessage(error));
    } finally {
      setSaving(false);
    }
  });

  const focus = (name: StripeFieldName) => () => {
    if (name === 'number') elements?.getElement(CardNumberElement)?.focus();
    else if (name === 'expiry') elements?.getElement(CardExpiryElement)?.focus();
    else elements?.getElement(CardCvcElement)?.focus();
  };

  return {
    control,
    fields,
    track,
    focus,
    // from the click on (the address is checked first): a second click meanwhile adds nothing
    saving: saving || formState.isSubmitting,
    formError,
    canSubmit: Boolean(stripe && elements) && complete,
    submit,
  };
}
