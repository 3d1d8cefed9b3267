// The notice a page shows when the user lands on it (?notice=, contract/notices.ts), and the browser
// tab's title on the public screens.
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

describe('the browser tab names the public screen', () => {
  it.each([
    ['/login', 'Login · SHAKEN CA Portal'],
    ['/forgot-password', 'Recover password · SHAKEN CA Portal'],
    ['/reset-password?token=t', 'Set the new password · SHAKEN CA Portal'],
    ['/email-verify?token=t', 'Redirect to Login page · SHAKEN CA Portal'],
  ])('%s', async (path, title) => {
    document.title = 'before';
    renderPublic(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('names the product in the header', async () => {
    renderPublic('/login');
    expect(await screen.findByRole('banner')).toHaveTextContent('SHAKEN CA Portal');
  });
});
