// Issue 14: the notice a page shows when the user lands on it (?notice=, contract/notices.ts).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderPublic } from './harness';

describe('the notice on /login', () => {
  it.each([
    ['email_confirmed', 'Your email address is confirmed. Sign in to continue.'],
    ['password_changed', 'Your password was changed. Sign in with the new one.'],
    ['password_set', 'Your password is set. Sign in with it.'],
    ['subscription_paid', /^Thank you, your payment was received\. Sign in to continue/],
    ['past_due_paid', /your subscription is active again/],
    ['payment_cancelled', 'The payment was cancelled: nothing was charged.'],
  ])('says what happened for %s', async (notice, text) => {
    renderPublic(`/login?notice=${notice}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByTestId('landing-notice')).toHaveAttribute('role', 'status');
  });

  it('is dismissed, and leaves the address without it', async () => {
    renderPublic('/login?notice=email_confirmed');
    await screen.findByText('Your email address is confirmed. Sign in to continue.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('landing-notice')).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/login');
  });

  it('ignores a notice it does not know', async () => {
    renderPublic('/login?notice=you_won');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByTestId('landing-notice')).not.toBeInTheDocument();
  });
});

