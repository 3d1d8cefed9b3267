// /sti-certificate/certificate (docs/screens.md, Certificates): the key dropdown, the certificate table and
// its action rules, View with Copy, Renew and Revoke confirmations, the generate modal, Create New's rules.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CAUSE_MESSAGES, formatKeyLabel } from '../../../contract/certificates';
import {
  CERTIFICATES,
  CERT_TEXT,
  KEY_A,
  KEY_B,
  KEYS,
  LEAF_PEM,
  PROFILE,
  certificatesDataProvider,
  httpError,
  renderCertificates,
} from './harness';

const PATH = '/sti-certificate/certificate';
const combobox = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });
const rows = () => screen.getAllByTestId('certificate-row');
/** Each button of a row by its text, or its name when it has none (the "More actions" menu's). */
const rowButtons = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent || b.getAttribute('aria-label'));

/** Revoke is the third action of a row: it is in the row's "More actions" menu. */
async function clickRevoke(row: HTMLElement) {
  fireEvent.click(within(row).getByRole('button', { name: /^More actions/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

async function openGenerate() {
  const button = await screen.findByRole('button', { name: 'Create New' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
  return screen.findByRole('dialog');
}

describe('certificate page', () => {
  it('loads up to 9999 keys and labels each with its id and creation time', async () => {
    const dataProvider = certificatesDataProvider();
    renderCertificates(PATH, { dataProvider });
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificates' })).toBeInTheDocument();
    await waitFor(() => expect(combobox('Private Key')).toHaveTextContent(KEY_A));
    expect(dataProvider.listPrivateKeys).toHaveBeenCalledWith({ skip: 0, take: 9999 });
    fireEvent.mouseDown(combobox('Private Key'));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(KEYS.map((k) => formatKeyLabel(k.priv_key_uuid, k.created_on)));
    expect(options[0]).toMatch(
      new RegExp(`^${KEY_A} 11/2[01]/2026, \\d{1,2}:\\d{2}:30\\.123 [AP]M GMT[+-]\\d{2}:\\d{2}$`),
    );
  });

  it("lists the selected key's last certificates and reloads for another key", async () => {
    const dataProvider = certificatesDataProvider({
      lastCertificates: async (key: string) =>
        key === KEY_A
          ? CERTIFICATES
          : [{ ...CERTIFICATES[0], id: 'b1', cr_path: 'https://ca.example.test/cr/B1.pem' }],
    });
    renderCertificates(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(dataProvider.lastCertificates).toHaveBeenCalledWith(KEY_A);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(['Created On', 'Start On', 'Expire On', 'CR URL', 'Status', 'Actions']);
    expect(
      within(rows()[0]).getByText(new Date(CERTIFICATES[0].sti_cert_expire_date!).toLocaleString('en-US')),
    ).toBeInTheDocument();
    expect(
      within(rows()[0]).getByRole('link', { name: 'https://ca.example.test/cr/3A.pem' }),
    ).toBeInTheDocument();

    fireEvent.mouseDown(combobox('Private Key'));
    fireEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: new RegExp(`^${KEY_B}`) }),
    );
    await waitFor(() => expect(dataProvider.lastCertificates).toHaveBeenCalledWith(KEY_B));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('https://ca.example.test/cr/B1.pem')).toBeInTheDocument();
  });

  it('shows Renew and Revoke only with a serial number, and no action when the CR URL is not created', async () => {
    renderCertificates(PATH, { dataProvider: certificatesDataProvider() });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [withSerial, withoutSerial, notCreated] = rows();
    expect(rowButtons(withSerial)).toEqual(['View', 'Renew', 'More actions: 3A']);
    expect(rowButtons(withoutSerial)).toEqual(['View']);
    expect(rowButtons(notCreated)).toEqual([]);
    expect(within(notCreated).getByText('not created')).toBeInTheDocument();
  });

  it('marks a revoked certificate and offers only View for it', async () => {
    const revoked = {
      ...CERTIFICATES[0],
      id: 'c4',
      serial_number: '4D',
      status: 'revoked',
      revoked_on: '2026-03-01T10:00:00Z',
      revocation_reason: 'key_compromise',
    };
    renderCertificates(PATH, {
      dataProvider: certificatesDataProvider({ lastCertificates: async () => [revoked, CERTIFICATES[0]] }),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [revokedRow, issuedRow] = rows();
    expect(rowButtons(revokedRow)).toEqual(['View']);
    expect(within(revokedRow).getByText('Revoked · Key compromise, 3/1/2026')).toBeInTheDocument();
    expect(rowButtons(issuedRow)).toEqual(['View', 'Renew', 'More actions: 3A']);
    expect(within(issuedRow).queryByText(/Revoked/)).not.toBeInTheDocument();
  });

  it('marks an issuance that did not complete as not issued, with no action', async () => {
    const failed = { ...CERTIFICATES[2], id: 'c5', serial_number: '5E', status: 'failed' };
    renderCertificates(PATH, {
      dataProvider: certificatesDataProvider({ lastCertificates: async () => [failed, CERTIFICATES[2]] }),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [failedRow, pendingRow] = rows();
    expect(rowButtons(failedRow)).toEqual([]);
    expect(within(failedRow).getByText('Not issued').closest('[title]')).toHaveAttribute(
      'title',
      expect.stringMatching(/did not complete/),
    );
    expect(within(failedRow).queryByText('Being issued')).not.toBeInTheDocument();
    expect(within(pendingRow).getByText('Being issued')).toBeInTheDocument();
    expect(within(pendingRow).queryByText('Not issued')).not.toBeInTheDocument();
  });

  it("toasts a failed key list with the server's message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = certificatesDataProvider({
      listPrivateKeys: async () => Promise.reject(httpError(503, { message: 'Key store unavailable' })),
    });
    renderCertificates(PATH, { dataProvider });
    // the toast, and the page's own alert with its Retry
    await waitFor(() => expect(screen.getAllByText('Key store unavailable')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New' })).toBeDisabled();
    expect(dataProvider.lastCertificates).not.toHaveBeenCalled();
  });

  it('shows a failed certificate list with its message and a Retry, not as an empty list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = httpError(500, { message: 'boom' });
    const dataProvider = certificatesDataProvider({ lastCertificates: async () => Promise.reject(failure) });
    renderCertificates(PATH, { dataProvider });
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('No Data Found')).not.toBeInTheDocument();
  });

  it('views the decoded certificate in a monospace block and copies its PEM (toast Copied, top-center, 3000 ms)', async () => {
    const writeText = stubClipboard(async () => undefined);
    const dataProvider = certificatesDataProvider();
    renderCertificates(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Certificate' });
    const block = await within(dialog).findByTestId('certificate-text');
    expect(block.tagName).toBe('PRE');
    expect(block.textContent).toBe(CERT_TEXT);
    expect(dataProvider.decryptCertificate).toHaveBeenCalledWith('https://ca.example.test/cr/3A.pem');
    expect(dataProvider.getCertificateChain).toHaveBeenCalledWith('https://ca.example.test/cr/3A.pem');
    const copy = within(dialog).getByRole('button', { name: 'Copy' });
    await waitFor(() => expect(copy).toBeEnabled());
    fireEvent.click(copy);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    const shownAt = Date.now();
    // the certificate itself in PEM, not the text dump
    expect(writeText).toHaveBeenCalledWith(`${LEAF_PEM}\n`);
    expect(document.querySelector('.MuiSnackbar-anchorOriginTopCenter')).not.toBeNull();
    // hidden after 3000 ms, not the 5000 ms of the other toasts
    await waitFor(() => expect(screen.queryByText('Copied')).not.toBeInTheDocument(), {
      timeout: 4500,
      interval: 100,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2800);
  });

  it('toasts a clipboard failure with its error', async () => {
    stubClipboard(async () => Promise.reject(new Error('Write permission denied.')));
    renderCertificates(PATH, { dataProvider: certificatesDataProvider() });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[1]).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Certificate' });
    await within(dialog).findByTestId('certificate-text');
    const copy = within(dialog).getByRole('button', { name: 'Copy' });
    await waitFor(() => expect(copy).toBeEnabled());
    fireEvent.click(copy);
    expect(await screen.findByText('Write permission denied.')).toBeInTheDocument();
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  });

  it('asks before renewing and renews by serial number', async () => {
    const dataProvider = certificatesDataProvider();
    renderCertificates(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Renew' }));
    let dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to renew this certificate?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.renewCertificate).not.toHaveBeenCalled();

    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Renew' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to renew this certificate?' });
    const loads = dataProvider.lastCertificates.mock.calls.length;
    // a renewal needs a new SPC token: the STI-PA credentials are asked again
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/^STI-PA Username/, { selector: 'input' }), {
      target: { value: 'demo' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^STI-PA Password/, { selector: 'input' }), {
      target: { value: 'pw-1' },
    });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(dataProvider.renewCertificate).toHaveBeenCalledWith('3A', {
        sti_pa_username: 'demo',
        sti_pa_password: 'pw-1',
        revoke_old: 'keep',
      }),
    );
    expect(await screen.findByText('The certificate has been renewed')).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.lastCertificates.mock.calls.length).toBeGreaterThan(loads));
  });

  it('shows the SPC token message when a renewal cannot get a token', async () => {
    const dataProvider = certificatesDataProvider({
      renewCertificate: async () => ({ success: false, error_cause: 'unable_to_generate_spc_token' }),
    });
    renderCertificates(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to renew this certificate?',
    });
    fireEvent.change(within(dialog).getByLabelText(/^STI-PA Username/, { selector: 'input' }), {
      target: { value: 'demo' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^STI-PA Password/, { selector: 'input' }), {
      target: { value: 'bad' },
    });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(ERROR_CAUSE_MESSAGES.unable_to_generate_spc_token)).toBeInTheDocument();
    expect(screen.queryByText('The certificate has been renewed')).not.toBeInTheDocument();
  });

  it('asks before revoking: no reason is chosen for the person, each says when it applies, and Confirm waits for one', async () => {
    const dataProvider = certificatesDataProvider();
    renderCertificates(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await clickRevoke(rows()[0]);
    let dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to revoke this certificate?',
    });
    expect(dialog).toHaveTextContent(/Revocation is final.*published in the certificate revocation list/);
    const group = within(dialog).getByRole('radiogroup', { name: 'Reason' });
    const reasons = within(group).getAllByRole('radio');
    expect(reasons.map((r) => r.closest('label')?.textContent)).toEqual([
      'Unspecified',
      'Key compromise',
      'Affiliation changed',
      'Superseded',
      'Cessation of operation',
    ]);
    for (const r of reasons) expect(r).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Superseded' })).toHaveAccessibleDescription(
      'A new certificate replaces this one.',
    );
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    fireEvent.click(within(group).getByRole('radio', { name: 'Key compromise' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dataProvider.revokeCertificate).toHaveBeenCalledWith('3A', 'key_compromise'));
    expect(await screen.findByText('The certificate has been revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // opened again: the last choice is not kept
    await clickRevoke(rows()[0]);
    dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to revoke this certificate?' });
    expect(within(dialog).getByRole('radio', { name: 'Key compromise' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Unspecified' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dataProvider.revokeCertificate).toHaveBeenLastCalledWith('3A', 'unspecified'));
  });

  it("toasts the server's refusal of a revocation", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = certificatesDataProvider({
      revokeCertificate: async () =>
        Promise.reject(httpError(409, { message: 'Certificate is already revoked' })),
    });
    renderCertificates(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await clickRevoke(rows()[0]);
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to revoke this certificate?',
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Superseded' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Certificate is already revoked')).toBeInTheDocument();
  });
});

describe('generate modal', () => {
  it("is titled 'first' when the key has no certificate and keeps submit disabled until key, username and password are set", async () => {
    const dataProvider = certificatesDataProvider({ lastCertificates: async () => [] });
    renderCertificates(PATH, { dataProvider });
    await screen.findByText('No Data Found');
    const dialog = await openGenerate();
    expect(
      within(dialog).getByRole('heading', { name: 'Generate your first STIR/SHAKEN certificate' }),
    ).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Generate' });
    expect(within(dialog).getByRole('combobox', { name: /^Private Key/ })).toHaveTextContent(KEY_A);
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/^STI-PA Username/), { target: { value: 'demo' } });
    expect(submit).toBeDisabled();
    const password = within(dialog).getByLabelText(/^STI-PA Password/);
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    fireEvent.change(password, { target: { value: 'demo-pass' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.change(within(dialog).getByLabelText(/^STI-PA Username/), { target: { value: '  ' } });
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it("is titled 'new' when the key has certificates, generates and reloads the table", async () => {
    const dataProvider = certificatesDataProvider();
    renderCertificates(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const dialog = await openGenerate();
    expect(
      within(dialog).getByRole('heading', { name: 'Generate your new STIR/SHAKEN certificate' }),
    ).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Private Key/ }));
    fireEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: new RegExp(`^${KEY_B}`) }),
    );
    fireEvent.change(within(dialog).getByLabelText(/^STI-PA Username/), { target: { value: 'demo' } });
    fireEvent.change(within(dialog).getByLabelText(/^STI-PA Password/), { target: { value: 'demo-pass' } });
    const submit = within(dialog).getByRole('button', { name: 'Generate' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() =>
      expect(dataProvider.generateCertificate).toHaveBeenCalledWith({
        sti_pa_username: 'demo',
        sti_pa_password: 'demo-pass',
        private_key_uuid: KEY_B,
      }),
    );
    expect(await screen.findByText('Your certificate has been generated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the table now shows the key the certificate was made for
    await waitFor(() => expect(dataProvider.lastCertificates).toHaveBeenCalledWith(KEY_B));
    expect(combobox('Private Key')).toHaveTextContent(KEY_B);
  });

  it.each([
    ['unable_to_generate_spc_token', ERROR_CAUSE_MESSAGES.unable_to_generate_spc_token],
    ['subscription_inactive', 'subscription_inactive'],
  ])('toasts error_cause %s', async (cause, text) => {
    const dataProvider = certificatesDataProvider({
      generateCertificate: async () => ({ success: false, error_cause: cause }),
    });
    renderCertificates(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const dialog = await openGenerate();
    fireEvent.change(within(dialog).getByLabelText(/^STI-PA Username/), { target: { value: 'demo' } });
    fireEvent.change(within(dialog).getByLabelText(/^STI-PA Password/), { target: { value: 'wrong' } });
    const submit = within(dialog).getByRole('button', { name: 'Generate' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText(text)).toBeInTheDocument();
    // the modal stays open for another try
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('Create New', () => {
  it('is disabled without keys, and says why', async () => {
    const dataProvider = certificatesDataProvider({ listPrivateKeys: async () => ({ total: 0, data: [] }) });
    renderCertificates(PATH, { dataProvider });
    expect(await screen.findByText(/Create a private key first: a certificate/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create New' })).toHaveAccessibleDescription(
      /Create a private key first/,
    );
    expect(dataProvider.lastCertificates).not.toHaveBeenCalled();
  });

  it.each([
    ['an inactive account', { is_active: false }, 'Your account is not active'],
    ['an unconfirmed account', { is_confirmed: false }, 'Confirm your email address'],
    [
      'a subscription not started',
      { subscription_started_on: null },
      'Your subscription has not started yet',
    ],
    [
      'an expired subscription',
      { subscription_expired_on: '2020-01-01T00:00:00Z' },
      'Your subscription has expired',
    ],
  ])('is disabled for %s, and says why', async (_name, change, reason) => {
    const dataProvider = certificatesDataProvider({ getProfile: async () => ({ ...PROFILE, ...change }) });
    renderCertificates(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(await screen.findByText(new RegExp(reason))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New' })).toBeDisabled();
  });

  it('is enabled for an active, confirmed user with a running subscription and a key', async () => {
    renderCertificates(PATH, { dataProvider: certificatesDataProvider() });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create New' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Create New' })).not.toHaveAttribute('aria-describedby');
  });
});
