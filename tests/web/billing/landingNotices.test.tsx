// Back from the payments provider, the page the user lands on says what happened (?notice=).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderBilling } from './harness';

describe('back from the payments provider', () => {
  it('the account summary says an extension was paid, until dismissed', async () => {
    renderBilling('/account/summary?notice=extension_paid');
    expect(
      await screen.findByText('Thank you, your payment was received: your service period is extended.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('landing-notice')).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/account/summary');
  });

  it('the account summary says nothing was charged after a cancelled extension', async () => {
    renderBilling('/account/summary?notice=payment_cancelled');
    expect(await screen.findByText('The payment was cancelled: nothing was charged.')).toBeInTheDocument();
  });

  it('the plan step says nothing was charged, and keeps its uuid when dismissed', async () => {
    renderBilling('/register/payment?uuid=sp-1&notice=payment_cancelled');
    expect(await screen.findByText('The payment was cancelled: nothing was charged.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(currentLocation()).toBe('/register/payment?uuid=sp-1'));
    expect(screen.getByTestId('payment-uuid')).toHaveTextContent('sp-1');
  });

  it('shows no notice on a plain visit', async () => {
    renderBilling('/account/summary');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('landing-notice')).not.toBeInTheDocument();
  });
});
