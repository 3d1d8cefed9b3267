// /forgot-password, /reset-password and /email-verify, alias /register/confirm (docs/screens.md, Forgotten
// and new password; Email confirmation): no dead ends, a landing message on /login, a way to a new link when
// one is refused.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, httpError, renderPublicLoaded, testDataProvider } from './harness';

function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;
}

function change(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
  fireEvent.blur(input(label));
}

describe('forgot password', () => {
  it("is titled 'Recover password' with a link back to login", async () => {
    await renderPublicLoaded('/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Recover password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('validates the email', async () => {
    const { dataProvider } = await renderPublicLoaded('/forgot-password');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(describedText(input('Email'))).toBe('Email is a required field'));
    change('Email', 'nope');
    await waitFor(() => expect(describedText(input('Email'))).toBe('Invalid email'));
    expect(dataProvider.forgotPassword).not.toHaveBeenCalled();
  });

  it("toasts 'Check your Email!' and goes to login", async () => {
    const { dataProvider } = await renderPublicLoaded('/forgot-password');
    change('Email', ' ops@carrier.example ');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(dataProvider.forgotPassword).toHaveBeenCalledWith('ops@carrier.example');
    expect(await screen.findByText('Check your Email!')).toBeInTheDocument();
  });

  it("says 'Input correct email' when the server refuses", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = testDataProvider({
      forgotPassword: async () => {
        throw httpError(404, { message: 'Input correct email' });
      },
    });
    await renderPublicLoaded('/forgot-password', { dataProvider });
    change('Email', 'nobody@carrier.example');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Input correct email')).toBeInTheDocument();
    expect(currentLocation()).toBe('/forgot-password');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});

describe('set the new password', () => {
  it('validates the passwords with the contract messages', async () => {
    const { dataProvider } = await renderPublicLoaded('/reset-password?token=tok-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Set the new password' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and Log In' }));
    await waitFor(() => expect(describedText(input('Password'))).toBe('Password is a required field'));
    expect(describedText(input('Confirm Password'))).toBe('Confirm password is a required field');
    change('Password', 'abcd');
    await waitFor(() =>
      expect(describedText(input('Password'))).toBe('Password must be at least 5 characters'),
    );
    change('Password', 'new-secret');
    change('Confirm Password', 'new-secreT');
    await waitFor(() => expect(describedText(input('Confirm Password'))).toBe('Passwords do not match'));
    expect(dataProvider.setNewPassword).not.toHaveBeenCalled();
  });

  it('sends token, password and password_extra, then goes to login', async () => {
    const { dataProvider } = await renderPublicLoaded('/reset-password?token=tok-1');
    change('Password', 'new-secret');
    change('Confirm Password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and Log In' }));
    await waitFor(() => expect(currentLocation()).toBe('/login?notice=password_changed'));
    expect(
      await screen.findByText('Your password was changed. Sign in with the new one.'),
    ).toBeInTheDocument();
    expect(dataProvider.setNewPassword).toHaveBeenCalledWith({
      token: 'tok-1',
      password: 'new-secret',
      password_extra: 'new-secret',
    });
  });

  it('shows an expired link and offers a new one from /forgot-password', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = testDataProvider({
      setNewPassword: async () => {
        throw httpError(400, { message: 'This link is invalid or has expired' });
      },
    });
    await renderPublicLoaded('/reset-password?token=old', { dataProvider });
    change('Password', 'new-secret');
    change('Confirm Password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and Log In' }));
    expect(await screen.findByText('This link is invalid or has expired')).toBeInTheDocument();
    expect(currentLocation()).toBe('/reset-password?token=old');
    // the link is spent: no form to fill again, a way to a new link instead
    expect(screen.queryByRole('button', { name: 'Confirm and Log In' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Request a new password reset link' }));
    await waitFor(() => expect(currentLocation()).toBe('/forgot-password'));
  });

  it('asks the server about the link as it opens, and refuses a used or expired one before the form is filled', async () => {
    const dataProvider = testDataProvider({
      checkPasswordLink: async () => {
        throw httpError(400, { message: 'This link is invalid or has expired' });
      },
    });
    await renderPublicLoaded('/reset-password?token=used', { dataProvider });
    expect(await screen.findByText('This link is invalid or has expired')).toBeInTheDocument();
    expect(dataProvider.checkPasswordLink).toHaveBeenCalledWith('used', 'password_reset');
    expect(screen.queryByRole('button', { name: 'Confirm and Log In' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new password reset link' })).toBeInTheDocument();
    expect(dataProvider.setNewPassword).not.toHaveBeenCalled();
  });

  it('keeps the form when the link cannot be checked (the network), for the submission to tell', async () => {
    const dataProvider = testDataProvider({
      checkPasswordLink: async () => {
        throw new Error('Network Error');
      },
    });
    await renderPublicLoaded('/reset-password?token=tok-1', { dataProvider });
    await waitFor(() => expect(dataProvider.checkPasswordLink).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Confirm and Log In' })).toBeEnabled();
    expect(screen.queryByText('Network Error')).not.toBeInTheDocument();
  });

  it('checks an invitation link as an invitation, and refuses a used one as it opens', async () => {
    const dataProvider = testDataProvider({
      checkPasswordLink: async () => {
        throw httpError(400, { message: 'This link is invalid or has expired' });
      },
    });
    await renderPublicLoaded('/accept-invite?token=used', { dataProvider });
    expect(
      await screen.findByText('Ask the person who invited you to send a new invitation.'),
    ).toBeInTheDocument();
    expect(dataProvider.checkPasswordLink).toHaveBeenCalledWith('used', 'invitation');
    expect(screen.queryByRole('button', { name: 'Set password and Log In' })).not.toBeInTheDocument();
  });

  it('prefills /forgot-password when the link carried the address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = testDataProvider({
      setNewPassword: async () => {
        throw httpError(400, { message: 'This link is invalid or has expired' });
      },
    });
    await renderPublicLoaded('/reset-password?token=old&email=ops%40carrier.example', { dataProvider });
    change('Password', 'new-secret');
    change('Confirm Password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and Log In' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Request a new password reset link' }));
    await waitFor(() => expect(currentLocation()).toBe('/forgot-password?email=ops%40carrier.example'));
    expect(input('Email')).toHaveValue('ops@carrier.example');
  });

  it('shows any other failure and keeps the form for another try', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = testDataProvider({
      setNewPassword: async () => {
        throw new Error('Network Error');
      },
    });
    await renderPublicLoaded('/reset-password?token=tok-1', { dataProvider });
    change('Password', 'new-secret');
    change('Confirm Password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and Log In' }));
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a new password reset link' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm and Log In' })).toBeEnabled());
  });

  it('sends an expired invitation back to whoever sent it, not to /forgot-password', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = testDataProvider({
      acceptInvitation: async () => {
        throw httpError(400, { message: 'This link is invalid or has expired' });
      },
    });
    await renderPublicLoaded('/accept-invite?token=old', { dataProvider });
    change('Password', 'new-secret');
    change('Confirm Password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Set password and Log In' }));
    expect(
      await screen.findByText('Ask the person who invited you to send a new invitation.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This link is invalid or has expired')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a new password reset link' })).not.toBeInTheDocument();
  });

  it('says so when the link has no token, and offers a new one', async () => {
    await renderPublicLoaded('/reset-password');
    expect(
      screen.getByText('This link is incomplete. Open the link from the email again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm and Log In' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new password reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('email verification', () => {
  it.each(['/email-verify', '/register/confirm'])('%s confirms the token and goes to login', async (path) => {
    const { dataProvider } = await renderPublicLoaded(`${path}?token=verify-7`);
    expect(screen.getByRole('heading', { level: 1, name: 'Redirect to Login page' })).toBeInTheDocument();
    expect(dataProvider.confirmEmail).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentLocation()).toBe('/login?notice=email_confirmed'));
    expect(
      await screen.findByText('Your email address is confirmed. Sign in to continue.'),
    ).toBeInTheDocument();
    expect(dataProvider.confirmEmail).toHaveBeenCalledWith('verify-7');
  });

  it('sends the link of an address confirmed already to login, saying so', async () => {
    const dataProvider = testDataProvider({
      confirmEmail: async () => ({
        message: 'Your email address is already confirmed. Sign in to continue.',
        already_confirmed: true,
      }),
    });
    await renderPublicLoaded('/email-verify?token=verify-7', { dataProvider });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentLocation()).toBe('/login?notice=email_already_confirmed'));
    expect(
      await screen.findByText('Your email address is already confirmed. Sign in to continue.'),
    ).toBeInTheDocument();
  });

  function refusedLink() {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    return {
      confirmEmail: async () => {
        throw httpError(400, { message: 'This link is invalid or has expired' });
      },
    };
  }

  it('shows an expired or used link and sends a new one', async () => {
    const dataProvider = testDataProvider(refusedLink());
    await renderPublicLoaded('/email-verify?token=bad', { dataProvider });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This link is invalid or has expired')).toBeInTheDocument();
    expect(currentLocation()).toBe('/email-verify?token=bad');
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    change('Email', ' ops@carrier.example ');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText('Check your Email!')).toBeInTheDocument();
    expect(dataProvider.resendConfirmationEmail).toHaveBeenCalledWith('ops@carrier.example');
  });

  it('shows what the server answers when the new link cannot be sent', async () => {
    const dataProvider = testDataProvider({
      ...refusedLink(),
      resendConfirmationEmail: async () => {
        throw httpError(429, { message: 'Too many requests, try again in a minute' });
      },
    });
    await renderPublicLoaded('/email-verify?token=bad', { dataProvider });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const send = await screen.findByRole('button', { name: 'Send me a new link' });
    change('Email', 'ops@carrier.example');
    fireEvent.click(send);
    expect(await screen.findByText('Too many requests, try again in a minute')).toBeInTheDocument();
    expect(screen.queryByText('Check your Email!')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeEnabled());
  });

  it('checks the address before sending a new link', async () => {
    const dataProvider = testDataProvider(refusedLink());
    await renderPublicLoaded('/email-verify?token=bad', { dataProvider });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a new link' }));
    await waitFor(() => expect(describedText(input('Email'))).toBe('Email is a required field'));
    expect(dataProvider.resendConfirmationEmail).not.toHaveBeenCalled();
  });

  it('keeps Confirm after a failure that is not the link (the network)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = testDataProvider({
      confirmEmail: async () => {
        throw new Error('Network Error');
      },
    });
    await renderPublicLoaded('/email-verify?token=good', { dataProvider });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled());
  });

  it('says so when the link has no token, and offers a new one', async () => {
    await renderPublicLoaded('/email-verify');
    expect(
      screen.getByText('This link is incomplete. Open the link from the email again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeInTheDocument();
  });
});
