// /profile: the provider's details (PATCH /api/service_provider), the password change and sign out everywhere.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROFILE, billingDataProvider, httpError, renderBilling, testAuthProvider } from '../billing/harness';

/** Signed in as a provider: the role comes from react-admin's permissions. */
const asProvider = () => ({ ...testAuthProvider(), getPermissions: vi.fn(async () => 'service-provider') });

const input = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('profile page', () => {
  it('saves the details the provider edits, shows the OCN and email without editing them', async () => {
    const updateProfile = vi.fn(async (fields: Record<string, string>) => ({ ...PROFILE, ...fields }));
    renderBilling('/profile', {
      dataProvider: billingDataProvider({ updateProfile }),
      authProvider: asProvider(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    await screen.findByDisplayValue('Carrier One');
    expect(screen.getByText('123A')).toBeInTheDocument();
    expect(screen.getByText('ops@carrier.example')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('123A')).not.toBeInTheDocument();
    fireEvent.change(input('Company Name'), { target: { value: 'Carrier Two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateProfile).toHaveBeenCalledTimes(1));
    const sent = updateProfile.mock.calls[0][0];
    expect(sent).toMatchObject({
      company_name: 'Carrier Two',
      first_name: 'Ada',
      state: 'IL',
      zipcode: '62701',
    });
    expect(sent).not.toHaveProperty('ocn');
    expect(sent).not.toHaveProperty('email');
    expect(await screen.findByText('Your details were saved')).toBeInTheDocument();
  });

  it('refuses an empty company name before sending, and shows the server’s field errors on their fields', async () => {
    const updateProfile = vi.fn(async () => {
      throw httpError(400, {
        message: 'zipcode is a required field',
        errors: { zipcode: 'zipcode is bad here' },
      });
    });
    renderBilling('/profile', {
      dataProvider: billingDataProvider({ updateProfile }),
      authProvider: asProvider(),
    });
    await screen.findByDisplayValue('Carrier One');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('zipcode is bad here')).toBeInTheDocument();
    fireEvent.change(input('Company Name'), { target: { value: '' } });
    fireEvent.blur(input('Company Name'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findAllByText(/company name/i);
    expect(updateProfile).toHaveBeenCalledTimes(1);
  });

  it('changes the password, and shows a wrong current password on its field', async () => {
    const changePassword = vi
      .fn()
      .mockRejectedValueOnce(
        httpError(400, { message: 'Incorrect password', errors: { current_password: 'Incorrect password' } }),
      )
      .mockResolvedValueOnce({ message: 'Password updated' });
    renderBilling('/profile', { dataProvider: billingDataProvider({ changePassword }) });
    const form = await screen.findByRole('form', { name: 'Change password' });
    const [current, next, confirm] = within(form).getAllByLabelText(/password/i, { selector: 'input' });
    fireEvent.change(current, { target: { value: 'old-secret' } });
    fireEvent.change(next, { target: { value: 'new-secret-1' } });
    fireEvent.change(confirm, { target: { value: 'new-secret-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Incorrect password')).toBeInTheDocument();
    expect(changePassword).toHaveBeenCalledWith({
      current_password: 'old-secret',
      password: 'new-secret-1',
      password_extra: 'new-secret-1',
    });
    fireEvent.change(current, { target: { value: 'right-secret' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
  });

  it('signs out everywhere after a confirmation, and not without it', async () => {
    const logoutEverywhere = vi.fn(async () => undefined);
    const { authProvider } = renderBilling('/profile', {
      dataProvider: billingDataProvider({ logoutEverywhere }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logoutEverywhere).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(logoutEverywhere).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });
});
