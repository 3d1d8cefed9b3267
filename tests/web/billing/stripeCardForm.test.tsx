// The card form in Stripe mode (docs/screens.md, Auto renewal): Stripe Elements for the number, expiry and
// security code, only a payment method's id posted; the update form and the sandbox form unchanged. Stripe.js
// and its React bindings are replaced by fakes: each fake Element is a plain input whose value stands for
// what the card holder typed.
import { Suspense, createContext, useContext, type ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { privateRoutesFor } from '../../../src/routing/mountPrivateRoutes';
import type { SavedCard } from '../../../contract/api';
import { en } from '../../../src/i18n/en';
import {
  asAuthProvider,
  asDataProvider,
  billingDataProvider,
  httpError,
  renderBilling,
  testAuthProvider,
  type TestDataProvider,
} from './harness';

const fake = vi.hoisted(() => {
  const numberElement = { kind: 'cardNumber', focus: () => undefined };
  const expiryElement = { kind: 'cardExpiry', focus: () => undefined };
  const cvcElement = { kind: 'cardCvc', focus: () => undefined };
  const stripe = { createPaymentMethod: (() => undefined) as (...args: unknown[]) => unknown };
  return {
    numberElement,
    expiryElement,
    cvcElement,
    stripe,
    loadStripe: (() => undefined) as (...args: unknown[]) => unknown,
  };
});

vi.mock('@stripe/stripe-js', () => ({ loadStripe: (...args: unknown[]) => fake.loadStripe(...args) }));

vi.mock('@stripe/react-stripe-js', () => {
  const StripeContext = createContext<unknown>(null);
  type ChangeEvent = { complete: boolean; empty: boolean; error?: { type: string; message: string } };
  /** A fake Element: typing 'ok' completes it, 'bad' gives Stripe's error, anything else is incomplete. */
  const fakeElement = (elementType: string, error: string) =>
    function FakeElement({
      id,
      onChange,
    }: {
      id?: string;
      onChange?: (event: ChangeEvent & { elementType: string }) => void;
    }) {
      return (
        <input
          id={id}
          data-testid={`fake-${elementType}`}
          onChange={(event) => {
            const value = event.target.value;
            onChange?.({
              elementType,
              empty: value === '',
              complete: value === 'ok',
              error: value === 'bad' ? { type: 'validation_error', message: error } : undefined,
            });
          }}
        />
      );
    };
  const CardNumberElement = fakeElement('cardNumber', 'Your card number is invalid.');
  const CardExpiryElement = fakeElement('cardExpiry', "Your card's expiration date is in the past.");
  const CardCvcElement = fakeElement('cardCvc', "Your card's security code is incomplete.");
  const byComponent = new Map<unknown, unknown>([
    [CardNumberElement, fake.numberElement],
    [CardExpiryElement, fake.expiryElement],
    [CardCvcElement, fake.cvcElement],
  ]);
  return {
    Elements: ({ stripe, children }: { stripe: unknown; children: ReactNode }) => (
      <StripeContext.Provider value={stripe}>{children}</StripeContext.Provider>
    ),
    useStripe: () => useContext(StripeContext),
    useElements: () =>
      useContext(StripeContext)
        ? { getElement: (component: unknown) => byComponent.get(component) ?? null }
        : null,
    CardNumberElement,
    CardExpiryElement,
    CardCvcElement,
  };
});

const NEXT_YEAR = new Date().getFullYear() + 1;
const KEY = 'pk_test_portal';
const OFFLINE_KEY = 'pk_test_offline';

const SAVED: SavedCard = {
  id: 'card_new_4242',
  created: 200,
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: NEXT_YEAR },
  billing_details: {
    address: { line1: '1 Main Street', state: 'IL', city: 'Springfield', postal_code: '62701' },
  },
};

const i18nProvider = polyglotI18nProvider(() => en, 'en');

/** The renewal page with the given public settings (the shared harness publishes no Stripe key). */
function renderRenewal(dataProvider: TestDataProvider, settings: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ support_url: 'https://help.example.test', ...settings }), {
          status: 200,
        }),
    ),
  );
  render(
    <TestMemoryRouter initialEntries={['/account/renewal']}>
      <AdminContext
        dataProvider={asDataProvider(dataProvider)}
        authProvider={asAuthProvider(testAuthProvider())}
        i18nProvider={i18nProvider}
      >
        <Suspense fallback={<p>loading page</p>}>
          <Routes>
            {privateRoutesFor('service-provider').map(({ path, element }) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Routes>
        </Suspense>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const stripeSettings = (key = KEY) => ({ payments: 'stripe', stripe_publishable_key: key });
const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;
const addButton = () =>
  within(screen.getByTestId('stripe-card-form')).getByRole('button', { name: 'Add card' });

function fillAddress() {
  fireEvent.change(input('Billing Address'), { target: { value: ' 1 Main Street ' } });
  fireEvent.change(input('State'), { target: { value: 'IL' } });
  fireEvent.change(input('City'), { target: { value: 'Springfield' } });
  fireEvent.change(input('Zip Code'), { target: { value: '62a701' } });
}

function completeCard() {
  fireEvent.change(input('Card Number'), { target: { value: 'ok' } });
  fireEvent.change(input('Expiry Date'), { target: { value: 'ok' } });
  fireEvent.change(input('Security Code'), { target: { value: 'ok' } });
}

let createPaymentMethod: Mock<(...args: unknown[]) => Promise<unknown>>;
let loadStripe: Mock<(key: string) => Promise<unknown>>;

beforeEach(() => {
  createPaymentMethod = vi.fn(async (..._args: unknown[]): Promise<unknown> => ({
    paymentMethod: { id: 'pm_1Abc', type: 'card' },
  }));
  fake.stripe.createPaymentMethod = createPaymentMethod;
  loadStripe = vi.fn(async (key: string): Promise<unknown> => {
    if (key === OFFLINE_KEY) throw new Error('Failed to load Stripe.js');
    return fake.stripe;
  });
  fake.loadStripe = (...args: unknown[]) => loadStripe(args[0] as string);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('card form in Stripe mode', () => {
  it('renders the three Stripe fields with visible labels tied to them, and the address fields', async () => {
    renderRenewal(billingDataProvider(), stripeSettings());
    expect(await screen.findByTestId('stripe-card-form')).toBeInTheDocument();
    expect(input('Card Number')).toHaveAttribute('data-testid', 'fake-cardNumber');
    expect(input('Expiry Date')).toHaveAttribute('data-testid', 'fake-cardExpiry');
    expect(input('Security Code')).toHaveAttribute('data-testid', 'fake-cardCvc');
    for (const label of ['Card Number', 'Expiry Date', 'Security Code']) {
      expect(screen.getByText(label, { selector: 'label' })).toBeVisible();
    }
    for (const label of ['Billing Address', 'State', 'City', 'Zip Code'])
      expect(input(label)).toBeInTheDocument();
    // no plain card inputs of our own
    expect(
      document.querySelector('input[autocomplete="cc-number"], input[autocomplete="cc-csc"]'),
    ).toBeNull();
    expect(loadStripe).toHaveBeenCalledWith(KEY);
  });

  it("keeps 'Add card' disabled until the three Elements are complete, and shows Stripe's errors", async () => {
    renderRenewal(billingDataProvider(), stripeSettings());
    await screen.findByTestId('stripe-card-form');
    expect(addButton()).toBeDisabled();
    fireEvent.change(input('Card Number'), { target: { value: 'bad' } });
    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument();
    fireEvent.change(input('Card Number'), { target: { value: 'ok' } });
    await waitFor(() => expect(screen.queryByText('Your card number is invalid.')).not.toBeInTheDocument());
    fireEvent.change(input('Expiry Date'), { target: { value: 'ok' } });
    expect(addButton()).toBeDisabled();
    fireEvent.change(input('Security Code'), { target: { value: 'ok' } });
    await waitFor(() => expect(addButton()).toBeEnabled());
    fireEvent.change(input('Security Code'), { target: { value: '1' } });
    await waitFor(() => expect(addButton()).toBeDisabled());
  });

  it('checks the address with the sandbox rules before asking Stripe', async () => {
    const dataProvider = billingDataProvider();
    renderRenewal(dataProvider, stripeSettings());
    await screen.findByTestId('stripe-card-form');
    completeCard();
    await waitFor(() => expect(addButton()).toBeEnabled());
    fireEvent.click(addButton());
    await waitFor(() => expect(screen.getAllByText('required field')).toHaveLength(4));
    expect(createPaymentMethod).not.toHaveBeenCalled();
    expect(dataProvider.addCard).not.toHaveBeenCalled();
  });

  it('posts only the payment method id and the address, then reloads the cards', async () => {
    const dataProvider = billingDataProvider();
    renderRenewal(dataProvider, stripeSettings());
    await screen.findByTestId('stripe-card-form');
    completeCard();
    fillAddress();
    await waitFor(() => expect(addButton()).toBeEnabled());
    fireEvent.click(addButton());
    expect(await screen.findByText('Your card has been successfully added')).toBeInTheDocument();
    expect(createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: fake.numberElement,
      billing_details: {
        address: {
          line1: '1 Main Street',
          state: 'IL',
          city: 'Springfield',
          postal_code: '62701',
          country: 'US',
        },
      },
    });
    expect(dataProvider.addCard).toHaveBeenCalledTimes(1);
    const payload = dataProvider.addCard.mock.calls[0]![0] as Record<string, unknown>;
    expect(payload).toEqual({
      payment_method_id: 'pm_1Abc',
      billing_address: '1 Main Street',
      state: 'IL',
      city: 'Springfield',
      zip_code: '62701',
    });
    for (const key of ['number', 'cvc', 'exp_month', 'exp_year', 'exp_date'])
      expect(payload).not.toHaveProperty(key);
    await waitFor(() => expect(dataProvider.listCards).toHaveBeenCalledTimes(2));
  });

  it("shows Stripe's message and posts nothing when the payment method is refused", async () => {
    createPaymentMethod.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const dataProvider = billingDataProvider();
    renderRenewal(dataProvider, stripeSettings());
    await screen.findByTestId('stripe-card-form');
    completeCard();
    fillAddress();
    await waitFor(() => expect(addButton()).toBeEnabled());
    fireEvent.click(addButton());
    expect(await screen.findByTestId('stripe-card-error')).toHaveTextContent('Your card was declined.');
    // the toast as well
    await waitFor(() =>
      expect(screen.getAllByText('Your card was declined.').length).toBeGreaterThanOrEqual(2),
    );
    expect(dataProvider.addCard).not.toHaveBeenCalled();
    expect(addButton()).toBeEnabled();
  });

  it("shows the server's refusal of the payment method", async () => {
    const dataProvider = billingDataProvider({
      addCard: async () => {
        throw httpError(400, { message: 'payment method is not valid.' });
      },
    });
    renderRenewal(dataProvider, stripeSettings());
    await screen.findByTestId('stripe-card-form');
    completeCard();
    fillAddress();
    await waitFor(() => expect(addButton()).toBeEnabled());
    fireEvent.click(addButton());
    expect(await screen.findByTestId('stripe-card-error')).toHaveTextContent('payment method is not valid.');
    expect(screen.queryByText('Your card has been successfully added')).not.toBeInTheDocument();
  });

  it('updates the saved card with expiry and address only, without Stripe', async () => {
    const dataProvider = billingDataProvider({ listCards: async () => ({ data: [SAVED] }) });
    renderRenewal(dataProvider, stripeSettings());
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(input('Expiry Date').value).toBe(`12 / ${NEXT_YEAR}`));
    expect(screen.queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Security Code/)).not.toBeInTheDocument();
    fireEvent.change(input('Expiry Date'), { target: { value: `03 / ${NEXT_YEAR}` } });
    fireEvent.change(input('City'), { target: { value: 'Chicago' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update card' }));
    expect(await screen.findByText('Your card has been successfully updated')).toBeInTheDocument();
    expect(dataProvider.updateCard).toHaveBeenCalledWith('card_new_4242', {
      exp_month: 3,
      exp_year: NEXT_YEAR,
      billing_address: '1 Main Street',
      state: 'IL',
      city: 'Chicago',
      zip_code: '62701',
    });
    expect(loadStripe).not.toHaveBeenCalled();
    expect(createPaymentMethod).not.toHaveBeenCalled();
  });

  it('says the secure form could not be loaded when Stripe.js is unreachable, with no fallback fields', async () => {
    const dataProvider = billingDataProvider();
    renderRenewal(dataProvider, stripeSettings(OFFLINE_KEY));
    expect(await screen.findByTestId('stripe-unavailable')).toHaveTextContent(
      'The secure card form could not be loaded',
    );
    expect(screen.queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Security Code/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add card' })).not.toBeInTheDocument();

    // the next attempt loads afresh
    loadStripe.mockResolvedValueOnce(fake.stripe);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stripe-card-form')).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledTimes(2);
    expect(dataProvider.addCard).not.toHaveBeenCalled();
  });

  it('shows a loading state while Stripe.js loads', async () => {
    let finish!: (stripe: unknown) => void;
    loadStripe.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    renderRenewal(billingDataProvider(), stripeSettings('pk_test_slow'));
    expect(await screen.findByTestId('stripe-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-card-form')).not.toBeInTheDocument();
    finish(fake.stripe);
    expect(await screen.findByTestId('stripe-card-form')).toBeInTheDocument();
  });

  it('loads Stripe.js once per key', async () => {
    renderRenewal(billingDataProvider(), stripeSettings('pk_test_once'));
    await screen.findByTestId('stripe-card-form');
    expect(loadStripe).toHaveBeenCalledTimes(1);
    // a new form for the same key (after a successful add, say) reuses the loaded Stripe.js
    renderRenewal(billingDataProvider(), stripeSettings('pk_test_once'));
    await waitFor(() => expect(screen.getAllByTestId('stripe-card-form')).toHaveLength(2));
    expect(loadStripe).toHaveBeenCalledTimes(1);
  });

  it('keeps the note when Stripe mode has no publishable key', async () => {
    const dataProvider = billingDataProvider();
    renderRenewal(dataProvider, { payments: 'stripe' });
    expect(await screen.findByTestId('secure-card-note')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});

describe('card form in sandbox mode', () => {
  it('still posts the card fields and never loads Stripe.js', async () => {
    const dataProvider = billingDataProvider();
    renderBilling('/account/renewal', { dataProvider });
    await screen.findByRole('button', { name: 'Add card' });
    expect(screen.queryByTestId('stripe-card-form')).not.toBeInTheDocument();
    fireEvent.change(input('Card Number'), { target: { value: '4242424242424242' } });
    fireEvent.change(input('Expiry Date'), { target: { value: `04 / ${NEXT_YEAR}` } });
    fireEvent.change(input('Security Code'), { target: { value: '123' } });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('Your card has been successfully added')).toBeInTheDocument();
    expect(dataProvider.addCard).toHaveBeenCalledWith({
      number: '4242424242424242',
      cvc: '123',
      exp_month: 4,
      exp_year: NEXT_YEAR,
      billing_address: '1 Main Street',
      state: 'IL',
      city: 'Springfield',
      zip_code: '62701',
    });
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
