// /account/renewal (docs/screens.md, Auto renewal): the auto-charge toggle, the billing-period toggle and the
// card form.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SavedCard } from '../../../contract/api';
import { PROFILE, billingDataProvider, httpError, renderBilling } from './harness';

const NEXT_YEAR = new Date().getFullYear() + 1;
const LAST_YEAR = new Date().getFullYear() - 1;

function card(id: string, created: number, exp_year: number, exp_month = 12): SavedCard {
  return {
    id,
    created,
    card: { brand: 'visa', last4: id.slice(-4), exp_month, exp_year },
    billing_details: {
      address: { line1: '1 Main Street', state: 'IL', city: 'Springfield', postal_code: '62701' },
    },
  };
}

const VALID_NEWEST = [card('card_old_1111', 100, LAST_YEAR), card('card_new_4242', 200, NEXT_YEAR)];
const EXPIRED_NEWEST = [card('card_old_1111', 100, NEXT_YEAR), card('card_new_4242', 200, LAST_YEAR)];

const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;
/** The card form appears once the payment settings have loaded. */
const formInput = async (label: string) =>
  (await screen.findByLabelText(new RegExp(`^${label}`), { selector: 'input' })) as HTMLInputElement;
const autoChargeSwitch = () => screen.getByRole('switch', { name: 'auto charge' });

describe('auto renewal', () => {
  it('shows the auto-charge toggle when the newest card is valid, and confirms enabling it', async () => {
    const dataProvider = billingDataProvider({ listCards: async () => ({ data: VALID_NEWEST }) });
    renderBilling('/account/renewal', { dataProvider });
    expect(await screen.findByRole('heading', { level: 2, name: 'Enable Auto Renewal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Account Summary' })).toHaveAttribute(
      'href',
      '/account/summary',
    );
    await waitFor(() => expect(autoChargeSwitch()).not.toBeChecked());
    expect(screen.getByText('auto charge: disabled')).toBeInTheDocument();
    fireEvent.click(autoChargeSwitch());
    expect(await screen.findByRole('dialog', { name: 'Auto charge enabled' })).toBeInTheDocument();
    expect(dataProvider.setAutoCharge).toHaveBeenCalledWith({
      auto_charge: true,
      service_provider_uuid: 'sp-1',
    });
    expect(screen.getByText('auto charge: enabled')).toBeInTheDocument();
  });

  it("says 'Auto charge disabled' after turning it off", async () => {
    const dataProvider = billingDataProvider({
      getProfile: async () => ({ ...PROFILE, auto_charge: true }),
      listCards: async () => ({ data: VALID_NEWEST }),
    });
    renderBilling('/account/renewal', { dataProvider });
    await waitFor(() => expect(autoChargeSwitch()).toBeChecked());
    fireEvent.click(autoChargeSwitch());
    expect(await screen.findByRole('dialog', { name: 'Auto charge disabled' })).toBeInTheDocument();
    expect(dataProvider.setAutoCharge).toHaveBeenCalledWith({
      auto_charge: false,
      service_provider_uuid: 'sp-1',
    });
  });

  it('hides the toggle when the newest card has expired, even if an older one is valid', async () => {
    const dataProvider = billingDataProvider({ listCards: async () => ({ data: EXPIRED_NEWEST }) });
    renderBilling('/account/renewal', { dataProvider });
    expect(await screen.findByTestId('auto-charge-needs-card')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'auto charge' })).not.toBeInTheDocument();
  });

  it('reverts the toggle and toasts the message when the call fails', async () => {
    const dataProvider = billingDataProvider({
      listCards: async () => ({ data: VALID_NEWEST }),
      setAutoCharge: async () => {
        throw httpError(422, { message: 'No default payment method' });
      },
    });
    renderBilling('/account/renewal', { dataProvider });
    await waitFor(() => expect(autoChargeSwitch()).not.toBeChecked());
    fireEvent.click(autoChargeSwitch());
    expect(await screen.findByText('No default payment method')).toBeInTheDocument();
    await waitFor(() => expect(autoChargeSwitch()).not.toBeChecked());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no auto-renewal section without a subscription expiry date', async () => {
    const dataProvider = billingDataProvider({
      getProfile: async () => ({ ...PROFILE, subscription_expired_on: null }),
    });
    renderBilling('/account/renewal', { dataProvider });
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment card' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Enable Auto Renewal' })).not.toBeInTheDocument();
  });
});

describe('billing period', () => {
  it('is enabled once the plan has loaded; month with count 12 reads as yearly', async () => {
    let answer!: (value: unknown) => void;
    const dataProvider = billingDataProvider({ getPlan: () => new Promise((resolve) => (answer = resolve)) });
    renderBilling('/account/renewal', { dataProvider });
    const yearly = await screen.findByRole('button', { name: '$500/year' });
    expect(yearly).toBeDisabled();
    answer({ plan: { interval: 'month', interval_count: 12 } });
    await waitFor(() => expect(yearly).toBeEnabled());
    expect(yearly).toHaveAttribute('aria-pressed', 'true');
  });

  it('changes the plan with a toast, and reverts on failure', async () => {
    let fail = false;
    const dataProvider = billingDataProvider({
      changePlan: async () => {
        if (fail) throw httpError(400, { message: 'Plan change refused' });
        return { message: 'Auto charge period changed successfully' };
      },
    });
    renderBilling('/account/renewal', { dataProvider });
    const monthly = await screen.findByRole('button', { name: '$100/month' });
    await waitFor(() => expect(monthly).toBeEnabled());
    fireEvent.click(monthly);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Auto charge period changed successfully')).toBeInTheDocument();
    expect(dataProvider.changePlan).toHaveBeenCalledWith('month');
    await waitFor(() => expect(monthly).toHaveAttribute('aria-pressed', 'true'));

    fail = true;
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const yearly = screen.getByRole('button', { name: '$500/year' });
    await waitFor(() => expect(yearly).toBeEnabled());
    fireEvent.click(yearly);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Plan change refused')).toBeInTheDocument();
    await waitFor(() => expect(monthly).toHaveAttribute('aria-pressed', 'true'));
  });

  it('asks first: the dialog names the plan, the next charge date and amount; Cancel sends nothing', async () => {
    const dataProvider = billingDataProvider({
      getPlan: async () => ({
        plan: { interval: 'month', interval_count: 1 },
        status: 'active',
        current_period_end: '2026-11-28T10:00:00.000Z',
        auto_charge: true,
        prices: { month: 100, year: 1000 },
      }),
      getProfile: async () => ({ ...PROFILE, auto_charge: true }),
    });
    renderBilling('/account/renewal', { dataProvider });
    const yearly = await screen.findByRole('button', { name: '$500/year' });
    await waitFor(() => expect(yearly).toBeEnabled());
    fireEvent.click(yearly);
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the yearly plan?' });
    expect(dialog).toHaveTextContent('From your next billing period you will be on the yearly plan.');
    expect(dialog).toHaveTextContent('The next charge, on 11/28/2026, will be $1,000.00.');
    expect(dialog).not.toHaveTextContent('Automatic renewal is off');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.changePlan).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '$100/month' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(yearly);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dataProvider.changePlan).toHaveBeenCalledTimes(1));
    expect(dataProvider.changePlan).toHaveBeenCalledWith('year');
    await waitFor(() => expect(yearly).toHaveAttribute('aria-pressed', 'true'));
  });

  it('says when auto renewal is off that the charge is made only if it is turned on', async () => {
    const dataProvider = billingDataProvider();
    renderBilling('/account/renewal', { dataProvider });
    const monthly = await screen.findByRole('button', { name: '$100/month' });
    await waitFor(() => expect(monthly).toBeEnabled());
    fireEvent.click(monthly);
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the monthly plan?' });
    expect(dialog).toHaveTextContent('The next charge, on 11/28/2026, will be $100.00.');
    expect(dialog).toHaveTextContent('Automatic renewal is off');
  });

  it('does not load the plan before the subscription started, and defaults to yearly', async () => {
    const dataProvider = billingDataProvider({
      getProfile: async () => ({ ...PROFILE, subscription_started_on: null }),
    });
    renderBilling('/account/renewal', { dataProvider });
    const yearly = await screen.findByRole('button', { name: '$500/year' });
    expect(yearly).toHaveAttribute('aria-pressed', 'true');
    expect(yearly).toBeDisabled();
    expect(dataProvider.getPlan).not.toHaveBeenCalled();
  });
});

describe('card form', () => {
  it('shows no card fields until the payment mode is known, and an error when it cannot be loaded', async () => {
    renderBilling('/account/renewal', { dataProvider: billingDataProvider() });
    // the settings answer fails: the form cannot know whether a card number may be typed here
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    expect(
      await screen.findByText(
        'The payment settings could not be loaded, so the card form cannot be shown.',
        undefined,
        {
          timeout: 15_000,
        },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
  });

  it("is in add mode with 'Add card' when no card is saved, and checks every rule", async () => {
    renderBilling('/account/renewal');
    const submit = await screen.findByRole('button', { name: 'Add card' });
    expect(screen.queryByRole('button', { name: 'Add New Card' })).not.toBeInTheDocument();
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getAllByText('required field')).toHaveLength(7));

    fireEvent.change(input('Card Number'), { target: { value: '4242424242424241' } });
    fireEvent.change(input('Expiry Date'), { target: { value: `01${LAST_YEAR}` } });
    fireEvent.change(input('Security Code'), { target: { value: '12' } });
    expect(await screen.findByText('credit card number is invalid')).toBeInTheDocument();
    expect(await screen.findByText('must be a date after now')).toBeInTheDocument();
    expect(await screen.findByText('cvc is invalid')).toBeInTheDocument();
  });

  it("refuses the expiry '12/99' as the validator reads it (December 1999) and sends nothing", async () => {
    const dataProvider = billingDataProvider();
    renderBilling('/account/renewal', { dataProvider });
    await screen.findByRole('button', { name: 'Add card' });
    fireEvent.change(input('Card Number'), { target: { value: '4242424242424242' } });
    fireEvent.change(input('Expiry Date'), { target: { value: '1299' } });
    expect(input('Expiry Date').value).toBe('12 / 99');
    fireEvent.change(input('Security Code'), { target: { value: '123' } });
    fireEvent.change(input('Billing Address'), { target: { value: '1 Main Street' } });
    fireEvent.change(input('State'), { target: { value: 'IL' } });
    fireEvent.change(input('City'), { target: { value: 'Springfield' } });
    fireEvent.change(input('Zip Code'), { target: { value: '62701' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('must be a date after now')).toBeInTheDocument();
    expect(screen.getAllByText('must be a date after now')).toHaveLength(1);
    expect(dataProvider.addCard).not.toHaveBeenCalled();
  });

  it('formats, masks and adds a card, then reloads the cards', async () => {
    const dataProvider = billingDataProvider();
    renderBilling('/account/renewal', { dataProvider });
    await screen.findByRole('button', { name: 'Add card' });
    fireEvent.change(input('Card Number'), { target: { value: '4242424242424242' } });
    expect(input('Card Number').value).toBe('4242 4242 4242 4242');
    fireEvent.change(input('Expiry Date'), { target: { value: '4' } });
    expect(input('Expiry Date').value).toBe('04 / ');
    fireEvent.change(input('Expiry Date'), { target: { value: `04 / ${NEXT_YEAR}` } });
    fireEvent.change(input('Security Code'), { target: { value: '12a3' } });
    expect(input('Security Code')).toHaveAttribute('type', 'password');
    expect(input('Security Code').value).toBe('123');
    fireEvent.change(input('Billing Address'), { target: { value: '1 Main Street' } });
    fireEvent.change(input('State'), { target: { value: 'IL' } });
    fireEvent.change(input('City'), { target: { value: 'Springfield' } });
    fireEvent.change(input('Zip Code'), { target: { value: '62a701' } });
    expect(input('Zip Code').value).toBe('62701');
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
    await waitFor(() => expect(dataProvider.listCards).toHaveBeenCalledTimes(2));
  });

  it("offers 'Add New Card' and 'Update' with a saved card; Update sends no number or cvc", async () => {
    const dataProvider = billingDataProvider({ listCards: async () => ({ data: VALID_NEWEST }) });
    renderBilling('/account/renewal', { dataProvider });
    expect(await screen.findByTestId('saved-card')).toHaveTextContent('4242');
    expect(screen.getByRole('button', { name: 'Add New Card' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add card' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect((await formInput('Expiry Date')).value).toBe(`12 / ${NEXT_YEAR}`);
    expect(screen.queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Security Code/)).not.toBeInTheDocument();
    fireEvent.change(input('City'), { target: { value: 'Chicago' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update card' }));
    expect(await screen.findByText('Your card has been successfully updated')).toBeInTheDocument();
    expect(dataProvider.updateCard).toHaveBeenCalledWith('card_new_4242', {
      exp_month: 12,
      exp_year: NEXT_YEAR,
      billing_address: '1 Main Street',
      state: 'IL',
      city: 'Chicago',
      zip_code: '62701',
    });
    await waitFor(() => expect(dataProvider.listCards).toHaveBeenCalledTimes(2));
  });

  it("opens an empty add form on 'Add New Card'", async () => {
    const dataProvider = billingDataProvider({ listCards: async () => ({ data: VALID_NEWEST }) });
    renderBilling('/account/renewal', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Card' }));
    expect((await formInput('Card Number')).value).toBe('');
    expect(screen.getByRole('button', { name: 'Add card' })).toBeInTheDocument();
  });

  it('shows a toast when the card is refused', async () => {
    const dataProvider = billingDataProvider({
      listCards: async () => ({ data: VALID_NEWEST }),
      updateCard: async () => {
        throw httpError(400, { message: 'Your card was declined.' });
      },
    });
    renderBilling('/account/renewal', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update card' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
  });

  it('posts no raw card data in Stripe mode', async () => {
    const dataProvider = billingDataProvider();
    renderBilling('/account/renewal', { dataProvider, payments: 'stripe' });
    expect(await screen.findByTestId('secure-card-note')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    expect(within(document.body).queryByRole('button', { name: 'Add card' })).not.toBeInTheDocument();
    expect(dataProvider.addCard).not.toHaveBeenCalled();
  });
});
