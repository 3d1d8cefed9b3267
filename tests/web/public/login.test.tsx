// /login: validation, the landing page of each role, and every failure outcome (docs/screens.md, Sign in).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DELAYS, LOGIN_MESSAGES } from '../../../contract/constants';
import {
  currentLocation,
  httpError,
  renderPublic,
  SUPPORT_URL,
  testAuthProvider,
  testDataProvider,
} from './harness';

const UUID = '0b4c9a52-8f0e-4c1e-9d3b-6e2f3a4b5c6d';

function emailInput() {
  return screen.getByRole('textbox', { name: /^Email/ });
}

function passwordInput() {
  return screen.getByLabelText(/^Password/, { selector: 'input' });
}

/** The helper text an input points at with aria-describedby. */
function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

async function signIn(email = 'ops@carrier.example', password = 'secret-pass') {
  fireEvent.change(emailInput(), { target: { value: email } });
  fireEvent.change(passwordInput(), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

function failingLogin(status: number, body: Record<string, unknown>) {
  return testAuthProvider(async () => {
    throw httpError(status, body);
  });
}

describe('login page', () => {
  it('shows the form, links and the public layout', async () => {
    renderPublic('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(emailInput()).toBeRequired();
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(
      screen.getByRole('heading', { name: /Welcome, service providers, to the SHAKEN CA Portal/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /telephone network/ })).toHaveAttribute('src', '/welcome.svg');
    const contact = screen.getByRole('link', { name: /^Contact Us/ });
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact).toHaveAttribute('rel', expect.stringContaining('noopener'));
    await waitFor(() => expect(contact).toHaveAttribute('href', SUPPORT_URL));
  });

  it('thanks a provider coming back from a payment page opened before the notices (?paid=1)', async () => {
    renderPublic('/login?paid=1');
    expect(await screen.findByText(/your payment was received/)).toBeInTheDocument();
  });

  it('says nothing about a payment otherwise', async () => {
    renderPublic('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByText(/your payment was received/)).not.toBeInTheDocument();
  });

  it('toggles the password visibility', async () => {
    renderPublic('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('validates on blur and on change with the contract messages', async () => {
    const user = userEvent.setup();
    const { authProvider } = renderPublic('/login');
    await user.click(emailInput());
    await user.tab();
    await waitFor(() => expect(describedText(emailInput())).toBe('Email is a required field'));
    await user.type(emailInput(), 'not-an-email');
    await waitFor(() => expect(describedText(emailInput())).toBe('Invalid email'));
    await user.type(passwordInput(), 'abc');
    await waitFor(() =>
      expect(describedText(passwordInput())).toBe('Password must be at least 5 characters'),
    );
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(authProvider.login).not.toHaveBeenCalled();
  });

  it('signs in with email, password and remember', async () => {
    const { authProvider } = renderPublic('/login', {
      authProvider: testAuthProvider(async () => ({ redirectTo: '/' })),
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await signIn('  ops@carrier.example ', 'secret-pass');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(authProvider.login).toHaveBeenCalledWith({
      email: 'ops@carrier.example',
      password: 'secret-pass',
      remember: true,
    });
  });

  it.each([
    ['reseller', '/reseller'],
    ['admin', '/admin'],
    ['service-provider', '/'],
  ])('sends a %s to %s', async (role, home) => {
    // The authProvider answers the session without a redirect: the page picks the role's landing page.
    const authProvider = testAuthProvider(async () => ({ token: 't', user: { id: '1', type: role } }));
    renderPublic('/login', { authProvider });
    await signIn();
    await waitFor(() => expect(currentLocation()).toBe(home));
  });

  it('asks getPermissions for the role when login answers nothing', async () => {
    const authProvider = testAuthProvider(async () => undefined);
    authProvider.getPermissions.mockResolvedValue('admin');
    renderPublic('/login', { authProvider });
    await signIn();
    await waitFor(() => expect(currentLocation()).toBe('/admin'));
  });

  it('follows the redirect the authProvider decides', async () => {
    renderPublic('/login', { authProvider: testAuthProvider(async () => ({ redirectTo: '/reseller' })) });
    await signIn();
    await waitFor(() => expect(currentLocation()).toBe('/reseller'));
  });

  it('shows the loading state while signing in', async () => {
    let finish: (value: unknown) => void = () => undefined;
    renderPublic('/login', {
      authProvider: testAuthProvider(() => new Promise((resolve) => (finish = resolve))),
    });
    await signIn();
    const button = await screen.findByRole('button', { name: 'Login' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await act(async () => finish({ redirectTo: '/' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it("puts 'Wrong password' under the password field", async () => {
    renderPublic('/login', { authProvider: failingLogin(401, { message: LOGIN_MESSAGES.wrongPassword }) });
    await signIn();
    await waitFor(() => expect(describedText(passwordInput())).toBe('Wrong password'));
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(currentLocation()).toBe('/login');
  });

  it("puts 'Service provider not found' under the email field", async () => {
    renderPublic('/login', { authProvider: failingLogin(404, { message: LOGIN_MESSAGES.notFound }) });
    await signIn();
    await waitFor(() => expect(describedText(emailInput())).toBe('Service provider not found'));
  });

  it('offers to resend the confirmation mail to a provider not confirmed', async () => {
    const dataProvider = testDataProvider();
    renderPublic('/login', {
      dataProvider,
      authProvider: failingLogin(403, { message: LOGIN_MESSAGES.notConfirmed, service_provider_uuid: UUID }),
    });
    await signIn('ops@carrier.example');
    const alert = await screen.findByText(LOGIN_MESSAGES.notConfirmed);
    expect(alert).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'click here for a confirmation mail' }));
    expect(await screen.findByText('Check your Email!')).toBeInTheDocument();
    expect(dataProvider.resendConfirmationEmail).toHaveBeenCalledWith('ops@carrier.example');
  });

  it('shows why the confirmation mail could not be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = testDataProvider({
      resendConfirmationEmail: async () => {
        throw httpError(429, { message: 'Too many requests' });
      },
    });
    renderPublic('/login', {
      dataProvider,
      authProvider: failingLogin(403, { message: LOGIN_MESSAGES.notConfirmed }),
    });
    await signIn();
    fireEvent.click(await screen.findByRole('button', { name: 'click here for a confirmation mail' }));
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
  });

  it('sends a provider that is not active to the payment step after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPublic('/login', {
      authProvider: failingLogin(422, { message: LOGIN_MESSAGES.notActive, service_provider_uuid: UUID }),
    });
    await signIn();
    expect(await screen.findByText(LOGIN_MESSAGES.notActive)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELAYS.loginRedirectMs - 500);
    });
    expect(currentLocation()).toBe('/login');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(currentLocation()).toBe(`/register/payment?uuid=${UUID}`);
  });

  it('sends a provider without an active subscription to a new subscription after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPublic('/login', {
      authProvider: failingLogin(422, {
        message: LOGIN_MESSAGES.noActiveSubscription,
        service_provider_uuid: UUID,
      }),
    });
    await signIn();
    expect(await screen.findByText(LOGIN_MESSAGES.noActiveSubscription)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELAYS.loginRedirectMs - 500);
    });
    expect(currentLocation()).toBe('/login');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(currentLocation()).toBe(`/register/payment?uuid=${UUID}&new_sub=yes`);
  });

  it('opens the payment page of a past-due subscription in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const dataProvider = testDataProvider({
      getPastDuePaymentUrl: async () => ({ url: 'https://pay.example.test/due/7' }),
    });
    renderPublic('/login', {
      dataProvider,
      authProvider: failingLogin(422, { message: LOGIN_MESSAGES.pastDue, service_provider_uuid: UUID }),
    });
    await signIn();
    expect(await screen.findByText(LOGIN_MESSAGES.pastDue)).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'click here to pay subscription due' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://pay.example.test/due/7',
        '_blank',
        expect.stringContaining('noopener'),
      ),
    );
    expect(dataProvider.getPastDuePaymentUrl).toHaveBeenCalledWith(UUID);
    expect(currentLocation()).toBe('/login');
  });

  it('opens the new invoice of a past-due provider at once', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderPublic('/login', {
      authProvider: failingLogin(422, {
        message: LOGIN_MESSAGES.pastDueNewInvoice,
        service_provider_uuid: UUID,
        url: 'https://pay.example.test/invoice/9',
      }),
    });
    await signIn();
    expect(await screen.findByText('This account has a subscription payment past due.')).toBeInTheDocument();
    expect(screen.queryByText(LOGIN_MESSAGES.pastDueNewInvoice)).not.toBeInTheDocument();
    expect(open).toHaveBeenCalledWith(
      'https://pay.example.test/invoice/9',
      '_blank',
      expect.stringContaining('noopener'),
    );
  });

  it('tells a deactivated account what happened and how to get it back', async () => {
    renderPublic('/login', { authProvider: failingLogin(403, { message: 'This account is disabled' }) });
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This account is disabled')).toBeInTheDocument();
    expect(alert).toHaveTextContent(/administrators deactivated this account/);
    expect(
      within(alert).getByRole('link', { name: 'Contact support to have it reactivated.' }),
    ).toHaveAttribute('href', 'https://help.example.test/portal');
    expect(currentLocation()).toBe('/login');
  });

  it('shows any other message as it is', async () => {
    renderPublic('/login', {
      authProvider: failingLogin(429, { message: 'Too many attempts, try again in a minute' }),
    });
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Too many attempts, try again in a minute')).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
  });

  it('shows a network failure', async () => {
    renderPublic('/login', {
      authProvider: testAuthProvider(async () => {
        throw new Error('Network Error');
      }),
    });
    await signIn();
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
  });
});
