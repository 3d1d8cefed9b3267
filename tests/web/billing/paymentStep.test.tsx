// Step 4, plan and payment (docs/screens.md, Plan and payment): /register/payment and its signed-in twin
// /account/payment.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billingDataProvider, currentLocation, httpError, renderBilling, stubAssign } from './harness';

const payButton = () => screen.getByRole('button', { name: 'Go to payment' });

describe('payment step (/register/payment)', () => {
  it('shows the headings, the 4/4 counter, the note and year preselected', async () => {
    renderBilling('/register/payment?uuid=sp-1');
    expect(await screen.findByRole('heading', { level: 1, name: "It's almost done!" })).toBeInTheDocument();
    expect(screen.getByText("Let's complete your account registration:")).toBeInTheDocument();
    expect(screen.getByTestId('step-counter')).toHaveTextContent('4/4');
    expect(screen.getByRole('radio', { name: '$500/year' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '$100/month' })).not.toBeChecked();
    expect(screen.getByTestId('payment-note')).toHaveTextContent(
      'Go to the payment provider page, then pay the fee.',
    );
    expect(screen.getByTestId('payment-note')).toHaveTextContent('Choose a monthly or a yearly plan.');
  });

  it("is headed 'Create new subscription' without a counter for new_sub", async () => {
    renderBilling('/register/payment?uuid=sp-1&new_sub=yes');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create new subscription' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('step-counter')).not.toBeInTheDocument();
    expect(screen.queryByText("Let's complete your account registration:")).not.toBeInTheDocument();
  });

  it('posts the chosen plan and goes to the payment page in the same window', async () => {
    const assign = stubAssign();
    let answer!: (value: unknown) => void;
    const dataProvider = billingDataProvider({
      createSubscriptionCheckout: () => new Promise((resolve) => (answer = resolve)),
    });
    renderBilling('/register/payment?uuid=sp-1', { dataProvider });
    fireEvent.click(await screen.findByRole('radio', { name: '$100/month' }));
    fireEvent.click(payButton());
    await waitFor(() => expect(payButton()).toBeDisabled());
    fireEvent.click(payButton());
    expect(dataProvider.createSubscriptionCheckout).toHaveBeenCalledTimes(1);
    expect(dataProvider.createSubscriptionCheckout).toHaveBeenCalledWith({
      recurring_interval: 'month',
      recurring_interval_count: 1,
      service_provider_uuid: 'sp-1',
      save_card: true,
    });
    await act(async () => answer({ data: { url: 'https://pay.example.test/checkout/9' } }));
    expect(assign).toHaveBeenCalledWith('https://pay.example.test/checkout/9');
  });

  it('offers to save the card, checked by default, with what it means; unchecked sends save_card false', async () => {
    stubAssign();
    const dataProvider = billingDataProvider({
      createSubscriptionCheckout: async () => ({ data: { url: 'https://pay.example.test/checkout/1' } }),
    });
    renderBilling('/register/payment?uuid=sp-1', { dataProvider });
    const box = await screen.findByRole('checkbox', { name: 'Save this card for automatic renewal' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/charge it when your subscription renews/);
    expect(screen.getByText(/not its number/)).toBeInTheDocument();
    fireEvent.click(box);
    expect(box).not.toBeChecked();
    fireEvent.click(payButton());
    await waitFor(() => expect(dataProvider.createSubscriptionCheckout).toHaveBeenCalledTimes(1));
    expect(dataProvider.createSubscriptionCheckout).toHaveBeenCalledWith(
      expect.objectContaining({ save_card: false }),
    );
  });

  it('stays disabled after a failure, with the server message in a toast and the console', async () => {
    const assign = stubAssign();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = billingDataProvider({
      createSubscriptionCheckout: async () => {
        throw httpError(422, { message: 'This provider already has an active subscription' });
      },
    });
    renderBilling('/register/payment?uuid=sp-1', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: 'Go to payment' }));
    expect(await screen.findByText('This provider already has an active subscription')).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    expect(consoleError).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the status code when the failure has no message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = billingDataProvider({
      createSubscriptionCheckout: async () => {
        throw Object.assign(new Error('Request failed with status code 502'), {
          status: 502,
          body: undefined,
        });
      },
    });
    renderBilling('/register/payment?uuid=sp-1', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: 'Go to payment' }));
    expect(await screen.findByText('Request failed with status code 502')).toBeInTheDocument();
  });

  it('does nothing without a service provider id', async () => {
    const dataProvider = billingDataProvider();
    renderBilling('/register/payment', { dataProvider });
    expect(await screen.findByText('No service provider ID was given.')).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    expect(dataProvider.createSubscriptionCheckout).not.toHaveBeenCalled();
  });

  it('closes to the login page', async () => {
    renderBilling('/register/payment?uuid=sp-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });
});

describe('payment step (/account/payment, account-price-fee)', () => {
  it('has the same plan choice and logs out on close', async () => {
    const assign = stubAssign();
    const { authProvider, dataProvider } = renderBilling('/account/payment?uuid=sp-1&new_sub=yes');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create new subscription' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '$500/year' })).toBeChecked();
    fireEvent.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.test/checkout/1'));
    expect(dataProvider.createSubscriptionCheckout).toHaveBeenCalledWith({
      recurring_interval: 'year',
      recurring_interval_count: 1,
      service_provider_uuid: 'sp-1',
      save_card: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });
});
