// "Renew automatically" on /sti-certificate/certificate (docs/api.md, Automatic renewal): a switch on the current
// certificate only, turned on with the STI-PA credentials (PUT), off after a confirmation (DELETE); a server's field
// error lands on its field, any other failure is a toast; other rows say 'Auto renewal on' when opted in.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUTO_RENEWAL_MESSAGES, CERTIFICATE_MESSAGES } from '../../../contract/certificates';
import type { CertificateRow } from '../../../contract/api';
import { CERTIFICATES, certificatesDataProvider, httpError, renderCertificates } from './harness';

const PATH = '/sti-certificate/certificate';
const rows = () => screen.getAllByTestId('certificate-row');
const CURRENT_SERIAL = '9f8e7d6c5b4a39281706f5e4d3c2b1a099887766';
const OLD_SERIAL = '3a4b5c6d7e8f90112233445566778899aabbccdd';
const ENABLE_QUESTION = 'Renew this certificate automatically?';
const DISABLE_QUESTION = 'Turn off automatic renewal of this certificate?';

/** The current certificate (auto renewal as given) and the one it replaced, still opted in. */
function listed(autoRenew: boolean): CertificateRow[] {
  return [
    {
      ...CERTIFICATES[0],
      id: 'n',
      serial_number: CURRENT_SERIAL,
      is_current: true,
      replaced_by: null,
      auto_renew: autoRenew,
    },
    {
      ...CERTIFICATES[0],
      id: 'o',
      serial_number: OLD_SERIAL,
      is_current: false,
      replaced_by: CURRENT_SERIAL,
      auto_renew: true,
    },
    {
      ...CERTIFICATES[0],
      id: 'p',
      serial_number: 'ab',
      is_current: false,
      replaced_by: 'cd',
      auto_renew: false,
    },
  ];
}

/** A list that answers `auto_renew` as the last PUT or DELETE left it. */
function autoRenewalDataProvider(
  initially: boolean,
  overrides: Parameters<typeof certificatesDataProvider>[0] = {},
) {
  let on = initially;
  return certificatesDataProvider({
    lastCertificates: async () => listed(on),
    enableAutoRenewal: async () => {
      on = true;
      return { message: AUTO_RENEWAL_MESSAGES.enabled };
    },
    disableAutoRenewal: async () => {
      on = false;
      return { message: AUTO_RENEWAL_MESSAGES.disabled };
    },
    ...overrides,
  });
}

async function currentSwitch() {
  await waitFor(() => expect(rows()).toHaveLength(3));
  return within(rows()[0]).getByRole('switch', { name: 'Renew automatically' });
}

function fillCredentials(dialog: HTMLElement, username: string, password: string) {
  fireEvent.change(within(dialog).getByLabelText(/^STI-PA Username/, { selector: 'input' }), {
    target: { value: username },
  });
  fireEvent.change(within(dialog).getByLabelText(/^STI-PA Password/, { selector: 'input' }), {
    target: { value: password },
  });
}

describe('Renew automatically', () => {
  it('is a switch on the current certificate only; an older opted-in one says so in text', async () => {
    renderCertificates(PATH, { dataProvider: autoRenewalDataProvider(false) });
    const toggle = await currentSwitch();
    expect(toggle).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(1);
    const [current, replaced, other] = rows();
    expect(within(current).queryByText('Auto renewal on')).not.toBeInTheDocument();
    expect(within(replaced).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(replaced).getByText('Auto renewal on')).toBeInTheDocument();
    expect(within(other).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(other).queryByText('Auto renewal on')).not.toBeInTheDocument();
  });

  it('shows no switch on a revoked certificate, nor on one a valid renewal replaced', async () => {
    const rowsWithout = [
      {
        ...CERTIFICATES[0],
        id: 'r',
        serial_number: 'ab',
        status: 'revoked',
        is_current: true,
        auto_renew: false,
      },
      { ...CERTIFICATES[0], id: 'i', serial_number: 'cd', replaced_by: 'ef' },
    ];
    renderCertificates(PATH, {
      dataProvider: certificatesDataProvider({ lastCertificates: async () => rowsWithout }),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('shows an opted-in current certificate switched on', async () => {
    renderCertificates(PATH, { dataProvider: autoRenewalDataProvider(true) });
    expect(await currentSwitch()).toBeChecked();
  });

  it('turning it on asks for the STI-PA credentials, explains, and PUTs them; cancel leaves it off', async () => {
    const dataProvider = autoRenewalDataProvider(false);
    renderCertificates(PATH, { dataProvider });
    fireEvent.click(await currentSwitch());
    let dialog = await screen.findByRole('dialog', { name: ENABLE_QUESTION });
    expect(dialog).toHaveAccessibleDescription(
      /In its last 30 days the certificate is renewed with the same key\. .*kept encrypted and never shown again\. A mail tells you/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await currentSwitch()).not.toBeChecked();
    expect(dataProvider.enableAutoRenewal).not.toHaveBeenCalled();

    fireEvent.click(await currentSwitch());
    dialog = await screen.findByRole('dialog', { name: ENABLE_QUESTION });
    // a new opening starts empty, Confirm waits for both fields
    expect(within(dialog).getByLabelText(/^STI-PA Username/, { selector: 'input' })).toHaveValue('');
    expect(within(dialog).getByLabelText(/^STI-PA Username/, { selector: 'input' })).toHaveFocus();
    expect(within(dialog).getByLabelText(/^STI-PA Password/, { selector: 'input' })).toHaveAttribute(
      'type',
      'password',
    );
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    const loads = dataProvider.lastCertificates.mock.calls.length;
    fillCredentials(dialog, ' demo ', 'demo-pass');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(dataProvider.enableAutoRenewal).toHaveBeenCalledWith(CURRENT_SERIAL, {
        sti_pa_username: 'demo',
        sti_pa_password: 'demo-pass',
      }),
    );
    expect(await screen.findByText('Automatic renewal enabled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(dataProvider.lastCertificates.mock.calls.length).toBeGreaterThan(loads));
    await waitFor(async () => expect(await currentSwitch()).toBeChecked());
  });

  it('checks the fields as the renew dialog does', async () => {
    renderCertificates(PATH, { dataProvider: autoRenewalDataProvider(false) });
    fireEvent.click(await currentSwitch());
    const dialog = await screen.findByRole('dialog', { name: ENABLE_QUESTION });
    fillCredentials(dialog, 'demo<script>', 'x'.repeat(129));
    const username = within(dialog).getByLabelText(/^STI-PA Username/, { selector: 'input' });
    fireEvent.blur(username);
    expect(await within(dialog).findByText(CERTIFICATE_MESSAGES.usernameInvalid)).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's field error on its field and keeps the dialog open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = 'password must be at most 128 characters';
    const dataProvider = autoRenewalDataProvider(false, {
      enableAutoRenewal: async () =>
        Promise.reject(httpError(400, { message: 'Bad Request', errors: { sti_pa_password: refusal } })),
    });
    renderCertificates(PATH, { dataProvider });
    fireEvent.click(await currentSwitch());
    const dialog = await screen.findByRole('dialog', { name: ENABLE_QUESTION });
    fillCredentials(dialog, 'demo', 'demo-pass');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const password = within(dialog).getByLabelText(/^STI-PA Password/, { selector: 'input' });
    await waitFor(() => expect(password).toHaveAccessibleDescription(refusal));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.getByRole('dialog', { name: ENABLE_QUESTION })).toBeInTheDocument();
    // on the field, not as a toast
    expect(screen.queryByText('Bad Request')).not.toBeInTheDocument();
    expect(screen.queryByText('Automatic renewal enabled')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await currentSwitch()).not.toBeChecked();
  });

  it("toasts any other refusal with the server's sentence", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = autoRenewalDataProvider(false, {
      enableAutoRenewal: async () =>
        Promise.reject(httpError(409, { message: AUTO_RENEWAL_MESSAGES.notIssued })),
    });
    renderCertificates(PATH, { dataProvider });
    fireEvent.click(await currentSwitch());
    const dialog = await screen.findByRole('dialog', { name: ENABLE_QUESTION });
    fillCredentials(dialog, 'demo', 'demo-pass');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(AUTO_RENEWAL_MESSAGES.notIssued)).toBeInTheDocument();
    // the form stays for another try; cancelled, the switch is still off
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await currentSwitch()).not.toBeChecked();
  });

  it('works from the keyboard: Space asks, Escape cancels and gives the focus back to the switch', async () => {
    const dataProvider = autoRenewalDataProvider(false);
    renderCertificates(PATH, { dataProvider });
    const toggle = await currentSwitch();
    toggle.focus();
    await userEvent.keyboard(' ');
    const dialog = await screen.findByRole('dialog', { name: ENABLE_QUESTION });
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^STI-PA Username/, { selector: 'input' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(toggle).not.toBeChecked();
    expect(dataProvider.enableAutoRenewal).not.toHaveBeenCalled();
  });

  it('turning it off asks first, then DELETEs', async () => {
    const dataProvider = autoRenewalDataProvider(true);
    renderCertificates(PATH, { dataProvider });
    fireEvent.click(await currentSwitch());
    let dialog = await screen.findByRole('dialog', { name: DISABLE_QUESTION });
    expect(dialog).toHaveAccessibleDescription(/A reminder is mailed 30, 7 and 1 days before\./);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.disableAutoRenewal).not.toHaveBeenCalled();
    expect(await currentSwitch()).toBeChecked();

    fireEvent.click(await currentSwitch());
    dialog = await screen.findByRole('dialog', { name: DISABLE_QUESTION });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dataProvider.disableAutoRenewal).toHaveBeenCalledWith(CURRENT_SERIAL));
    expect(await screen.findByText('Automatic renewal disabled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(await currentSwitch()).not.toBeChecked());
  });

  it("toasts a refused DELETE with the server's sentence", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = autoRenewalDataProvider(true, {
      disableAutoRenewal: async () => Promise.reject(httpError(404, { message: 'Certificate not found' })),
    });
    renderCertificates(PATH, { dataProvider });
    fireEvent.click(await currentSwitch());
    const dialog = await screen.findByRole('dialog', { name: DISABLE_QUESTION });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Certificate not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await currentSwitch()).toBeChecked();
  });
});
