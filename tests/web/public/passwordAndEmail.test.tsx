// /forgot-password, /reset-password and /email-verify (alias /register/confirm): SPEC.md §2 and §8.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, httpError, renderPublic, testDataProvider } from './harness';

function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
}

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;
}

function change(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
  fireEvent.blur(input(label));
}

describe('forgot password', () => {
  it("is titled 'Recover password' with a link back to login", () => {
    renderPublic('/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Recover password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('validates the email', async () => {
    const { dataProvider } = renderPublic('/forgot-password');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(describedText(input('Email'))).toBe('Email is a required field'));
    change('Email', 'nope');
    await waitFor(() => expect(describedText(input('Email'))).toBe('Invalid email'));
    expect(dataProvider.forgotPassword).not.toHaveBeenCalled();
  });

  it("toasts 'Check your Email!' and goes to login", async () => {
    const { dataProvider } = renderPublic('/forgot-password');
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
    renderPublic('/forgot-password', { dataProvider });
    change('Email', 'nobody@carrier.example');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Input correct email')).toBeInTheDocument();
    expect(currentLocation()).toBe('/forgot-password');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});

describe('set the new password', () => {
  it('validates the passwords with the contract messages', async () => {
    const { dataProvider } = renderPublic('/reset-password?token=tok-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Set the new password' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and Log In' }));
    await waitFor(() => expect(describedText(input('Password'))).toBe('Password is a required field'));
    expect(describedText(input('Confirm Password'))).toBe('Confirm password is a required field');
    change('Password', 'abcd');
    await waitFor(() => expect(describedText(input('Password'))).toBe('Password must be at least 5 characters'));
    change('Password', 'new-secret');
    change('Confirm Password', 'new-secreT');
    await waitFor(() => expect(describedText(input('Confirm Password'))).toBe('Passwords do not match'));
    expect(dataProvider.setNewPassword).not.toHaveBeenCalled();
  });

  it('sends token, password and password_extra, then goes to login', async () => {
    const { dataProvider } = renderPublic('/reset-password?token=tok-1');
    change('Password', 'new-secret');
    change('Confirm Password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and Log In' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(dataProvider.setNewPassword).toHaveBeenCalledWith({ token: 'tok-1', password: 'new-secret', password_extra: 'new-secret' });
  });

  it('only logs a failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = testDataProvider({
      setNewPassword: async () => {
        throw httpError(400, { message: 'This link is invalid or has expired' });
      },
    });
    renderPublic('/reset-password?token=old', { dataProvider });
    change('Password', 'new-secret');
    change('Confirm Password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and Log In' }));
    await waitFor(() => expect(dataProvider.setNewPassword).toHaveBeenCalled());
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('This link is invalid or has expired')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/reset-password?token=old');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm and Log In' })).toBeEnabled());
  });

  it('says so when the link has no token', () => {
    renderPublic('/reset-password');
    expect(screen.getByText('This link is incomplete. Open the link from the email again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm and Log In' })).not.toBeInTheDocument();
  });
});

describe('email verification', () => {
  it.each(['/email-verify', '/register/confirm'])('%s confirms the token and goes to login', async (path) => {
    const { dataProvider } = renderPublic(`${path}?token=verify-7`);
    expect(screen.getByRole('heading', { level: 1, name: 'Redirect to Login page' })).toBeInTheDocument();
    expect(dataProvider.confirmEmail).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(dataProvider.confirmEmail).toHaveBeenCalledWith('verify-7');
  });

  it('only logs a failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = testDataProvider({
      confirmEmail: async () => {
        throw httpError(400, { message: 'This link is invalid or has expired' });
      },
    });
    renderPublic('/email-verify?token=bad', { dataProvider });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('This link is invalid or has expired')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/email-verify?token=bad');
  });

  it('says so when the link has no token', () => {
    renderPublic('/email-verify');
    expect(screen.getByText('This link is incomplete. Open the link from the email again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });
});
