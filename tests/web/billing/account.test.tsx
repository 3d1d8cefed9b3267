// /account/summary with the 'Extend duration' modal, and /account/extend (docs/screens.md, Account summary).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  PROFILE,
  billingDataProvider,
  currentLocation,
  httpError,
  renderBilling,
  stubAssign,
} from './harness';

function valueOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('account summary', () => {
  it('shows every field, dates en-US and date only', async () => {
    renderBilling('/account/summary');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Summary' })).toBeInTheDocument();
    await screen.findByText('Carrier One');
    expect(valueOf('Company Name')).toBe('Carrier One');
    expect(valueOf('OCN')).toBe('123A');
    expect(valueOf('Contact Name')).toBe('Ada Lovelace');
    expect(valueOf('Account Activated On')).toBe('1/15/2026');
    expect(valueOf('Email address')).toBe('ops@carrier.example');
    expect(valueOf('CA Service Expired On')).toContain('1/15/2027');
    expect(valueOf('Phone number')).toBe('2015550123');
    expect(screen.getByRole('link', { name: 'Auto Renewal' })).toHaveAttribute('href', '/account/renewal');
  });

  it('hides the Auto Renewal link without an expiry date', async () => {
    const dataProvider = billingDataProvider({
      getProfile: async () => ({ ...PROFILE, subscription_expired_on: null }),
    });
    renderBilling('/account/summary', { dataProvider });
    await screen.findByText('Carrier One');
    expect(screen.queryByRole('link', { name: 'Auto Renewal' })).not.toBeInTheDocument();
  });

  it('extends through the modal: confirm disabled until a choice, then the payment page in this window', async () => {
    const assign = stubAssign();
    const { dataProvider } = renderBilling('/account/summary');
    fireEvent.click(await screen.findByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend duration' });
    const confirm = within(dialog).getByRole('button', { name: 'Extend' });
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Pay $100 to extend 1 month' })).toHaveAttribute(
      'value',
      'month',
    );
    const year = within(dialog).getByRole('radio', { name: 'Pay $41.67/month to extend 12 months' });
    expect(year).toHaveAttribute('value', 'year');
    fireEvent.click(year);
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.test/extend/1'));
    expect(dataProvider.extendSubscription).toHaveBeenCalledWith('year', 1);
  });

  it('toasts an extension failure and lets the provider try again', async () => {
    const assign = stubAssign();
    const dataProvider = billingDataProvider({
      extendSubscription: async () => {
        throw httpError(422, { message: ['Subscription is not active', 'Pay the open invoice first'] });
      },
    });
    renderBilling('/account/summary', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend duration' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Pay $100 to extend 1 month' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(
      await screen.findByText('Subscription is not active, Pay the open invoice first'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Extend' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('extend page', () => {
  it('has the back link, the question, Years by default, the price and Pay Now', async () => {
    const assign = stubAssign();
    const { dataProvider } = renderBilling('/account/extend');
    expect(await screen.findByRole('heading', { level: 1, name: 'Extend' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Account Summary' })).toHaveAttribute(
      'href',
      '/account/summary',
    );
    expect(screen.getByText('How long would you like to extend your service?')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Years');
    expect(screen.getByTestId('extend-price')).toHaveTextContent('Price: $500');
    expect(screen.getByRole('spinbutton', { name: 'Count' })).toHaveValue(1);
    expect(screen.getByTestId('extend-total')).toHaveTextContent('Total: $500');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.test/extend/1'));
    expect(dataProvider.extendSubscription).toHaveBeenCalledWith('year', 1);
  });

  it('shows the total of the count and sends that count: 3 years is $1,500 in one payment', async () => {
    stubAssign();
    const { dataProvider } = renderBilling('/account/extend');
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Count' }), { target: { value: '3' } });
    expect(screen.getByTestId('extend-total')).toHaveTextContent('Total: $1,500');
    expect(
      screen.getByText('Pay Now charges this total once and extends your service by 3 years.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(dataProvider.extendSubscription).toHaveBeenCalledWith('year', 3));
    expect(dataProvider.extendSubscription).toHaveBeenCalledTimes(1);
  });

  it.each(['0', '-2', '11', '2.5', ''])(
    'refuses a count of %j with an error, no total and no call',
    async (typed) => {
      const assign = stubAssign();
      const { dataProvider } = renderBilling('/account/extend');
      const count = await screen.findByRole('spinbutton', { name: 'Count' });
      fireEvent.change(count, { target: { value: typed } });
      expect(count).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('count must be a whole number from 1 to 10')).toBeInTheDocument();
      expect(screen.queryByTestId('extend-total')).not.toBeInTheDocument();
      const pay = screen.getByRole('button', { name: 'Pay Now' });
      expect(pay).toBeDisabled();
      fireEvent.submit(pay.closest('form') as HTMLFormElement);
      expect(dataProvider.extendSubscription).not.toHaveBeenCalled();
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it('extends by months when Month is chosen: 3 months is $300', async () => {
    stubAssign();
    const { dataProvider } = renderBilling('/account/extend');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Months' }));
    expect(screen.getByTestId('extend-price')).toHaveTextContent('Price: $100');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Count' }), { target: { value: '3' } });
    expect(screen.getByTestId('extend-total')).toHaveTextContent('Total: $300');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(dataProvider.extendSubscription).toHaveBeenCalledWith('month', 3));
    expect(currentLocation()).toBe('/account/extend');
  });
});
