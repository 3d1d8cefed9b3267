// The provider's STI-SCA page: what an STI-SCA is for, its rows with the certificates' badges, Request STI-SCA
// (blocked while one is current; its STI-PA fields checked before anything is sent; error causes as toasts),
// Renew, Revoke with a reason, Download chain, the empty and failed lists; and the calls the page makes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CERTIFICATE_MESSAGES, ERROR_CAUSE_MESSAGES } from '../../contract/certificates';
import { STI_SCA_ERROR_CAUSE_MESSAGES } from '../../contract/delegates';
import type { StiScaRow } from '../../contract/wire/delegates';
import { createDataProvider } from '../../src/dataProvider';
import { stiScaGetList } from '../../src/dataProvider/stiScaCalls';
import { billingDataProvider, httpError, renderBilling, type DataProviderOverrides } from './billing/harness';
import { captureDownloads } from './certificates/harness';
import type { TestDataProvider } from './public/harness';

const PATH = '/sti-certificate/sti-sca';
const CREDS = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
const CHAIN = '-----BEGIN CERTIFICATE-----\nU0NB\n-----END CERTIFICATE-----\n';

function row(id: string, serial: string, fields: Partial<StiScaRow> = {}): StiScaRow {
  return {
    id,
    serial_number: serial,
    status: 'issued',
    is_current: false,
    spc: '073K',
    created_on: '2026-11-01T10:00:00Z',
    not_before: '2026-11-01T10:00:00Z',
    not_after: '2099-11-01T10:00:00Z',
    cr_path: `https://ca.example.test/cr/${serial}.pem`,
    revoked_on: null,
    revocation_reason: null,
    replaced_by: null,
    ...fields,
  };
}

const CURRENT = row('00000000-0000-4000-8000-000000000003', '5C0A', {
  is_current: true,
  created_on: '2026-11-03T10:00:00Z',
});
const REPLACED = row('00000000-0000-4000-8000-000000000002', '5B0B', {
  created_on: '2026-11-02T10:00:00Z',
  replaced_by: '5C0A',
});
const REVOKED = row('00000000-0000-4000-8000-000000000001', '5A0C', {
  status: 'revoked',
  revoked_on: '2026-10-15T10:00:00Z',
  revocation_reason: 'key_compromise',
});
const EXPIRED = row('00000000-0000-4000-8000-000000000000', '590D', {
  created_on: '2025-01-01T10:00:00Z',
  not_after: '2026-01-01T10:00:00Z',
});

function stiScaDataProvider(rows: StiScaRow[], overrides: DataProviderOverrides = {}): TestDataProvider {
  const provider: TestDataProvider = billingDataProvider({
    getList: (resource: string, params: GetListParams) =>
      stiScaGetList(provider, resource, params) ?? Promise.reject(new Error(`no list of ${resource} here`)),
    listStiScas: async () => rows,
    getStiSca: async (id: string) => ({ ...rows.find((r) => r.id === id), chain_pem: CHAIN }),
    requestStiSca: async () => ({ success: true, sti_sca: CURRENT }),
    renewStiSca: async () => ({ success: true, sti_sca: CURRENT }),
    revokeStiSca: async () => undefined,
    ...overrides,
  });
  return provider;
}

const rows = () => screen.getAllByTestId('sti-sca-row');
const rowOf = (serial: string) => screen.getByText(serial).closest('tr') as HTMLElement;
const requestButton = () => screen.getByRole('button', { name: 'Request STI-SCA' });

async function openRequest() {
  await waitFor(() => expect(requestButton()).toBeEnabled());
  fireEvent.click(requestButton());
  return screen.findByRole('dialog', { name: 'Request your STI-SCA' });
}

function fill(dialog: HTMLElement, creds = CREDS) {
  fireEvent.change(within(dialog).getByLabelText(/STI-PA Username/), {
    target: { value: creds.sti_pa_username },
  });
  fireEvent.change(within(dialog).getByLabelText(/STI-PA Password/), {
    target: { value: creds.sti_pa_password },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the STI-SCA page', () => {
  it('explains the STI-SCA and lists every one with its state, newest first', async () => {
    renderBilling(PATH, { dataProvider: stiScaDataProvider([CURRENT, REPLACED, REVOKED, EXPIRED]) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delegate CA (STI-SCA)' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/sign delegate certificates for the telephone numbers/)).toBeInTheDocument();
    expect(screen.getByText(/can never be downloaded/)).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows().map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      '5C0A',
      '5B0B',
      '5A0C',
      '590D',
    ]);
    expect(within(rowOf('5C0A')).getByText('Current')).toBeInTheDocument();
    expect(within(rowOf('5B0B')).getByText(/^Replaced by 5C0A · valid until/)).toBeInTheDocument();
    expect(within(rowOf('5A0C')).getByText(/^Revoked · Key compromise, /)).toBeInTheDocument();
    expect(within(rowOf('5A0C')).getByText('Key compromise')).toBeInTheDocument();
    expect(within(rowOf('590D')).getByText(/^Expired /)).toBeInTheDocument();
    expect(within(rowOf('5C0A')).getByRole('link', { name: CURRENT.cr_path })).toHaveAttribute(
      'href',
      CURRENT.cr_path,
    );
    // Renew on the current one only; Revoke on those neither revoked nor expired
    const buttons = (r: HTMLElement) =>
      within(r)
        .getAllByRole('button')
        .map((b) => b.textContent || b.getAttribute('aria-label'));
    expect(buttons(rowOf('5C0A'))).toEqual([
      'Copy the CR URL of 5C0A',
      'Download chain',
      'Renew',
      'More actions: 5C0A',
    ]);
    expect(buttons(rowOf('5B0B'))).toEqual(['Copy the CR URL of 5B0B', 'Download chain', 'Revoke']);
    expect(buttons(rowOf('5A0C'))).toEqual(['Copy the CR URL of 5A0C', 'Download chain']);
    expect(buttons(rowOf('590D'))).toEqual(['Copy the CR URL of 590D', 'Download chain']);
  });

  it('blocks Request STI-SCA while one is current, and says why', async () => {
    renderBilling(PATH, { dataProvider: stiScaDataProvider([CURRENT]) });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(requestButton()).toBeDisabled();
    expect(
      screen.getByText('You already hold a current STI-SCA. Renew or revoke it instead.'),
    ).toBeInTheDocument();
  });

  it('shows the empty text, and Request STI-SCA open', async () => {
    renderBilling(PATH, { dataProvider: stiScaDataProvider([]) });
    expect(
      await screen.findByText('No STI-SCA yet. Request one to sign delegate certificates.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(requestButton()).toBeEnabled());
  });

  it('shows a failed list with a Retry that reads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listStiScas = vi.fn().mockRejectedValueOnce(httpError(500, { message: 'Database down' }));
    listStiScas.mockResolvedValue([REVOKED]);
    renderBilling(PATH, { dataProvider: stiScaDataProvider([], { listStiScas }) });
    expect(await screen.findByText(/Database down/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('checks the STI-PA fields before sending, then requests once with them and reads the list again', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const requestStiSca = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const dataProvider = stiScaDataProvider([], { requestStiSca });
    renderBilling(PATH, { dataProvider });
    const dialog = await openRequest();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request STI-SCA' }));
    expect(await within(dialog).findByText(CERTIFICATE_MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CERTIFICATE_MESSAGES.passwordRequired)).toBeInTheDocument();
    fill(dialog, { sti_pa_username: 'bad<user>', sti_pa_password: 'x' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request STI-SCA' }));
    expect(await within(dialog).findByText(CERTIFICATE_MESSAGES.usernameInvalid)).toBeInTheDocument();
    expect(requestStiSca).not.toHaveBeenCalled();

    fill(dialog);
    const submit = within(dialog).getByRole('button', { name: 'Request STI-SCA' });
    fireEvent.click(submit);
    await waitFor(() => expect(requestStiSca).toHaveBeenCalledWith(CREDS));
    expect(submit).toBeDisabled();
    fireEvent.click(submit);
    answer({ success: true, sti_sca: CURRENT });
    expect(await screen.findByText('Your STI-SCA has been issued')).toBeInTheDocument();
    expect(requestStiSca).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(dataProvider.listStiScas).toHaveBeenCalledTimes(2));
  });

  it.each([
    ['sti_pa_ca_not_allowed', STI_SCA_ERROR_CAUSE_MESSAGES.sti_pa_ca_not_allowed],
    ['unable_to_generate_spc_token', ERROR_CAUSE_MESSAGES.unable_to_generate_spc_token],
  ])('toasts the error cause %s and keeps the dialog open', async (cause, text) => {
    const requestStiSca = vi.fn(async () => ({ success: false, error_cause: cause }));
    renderBilling(PATH, { dataProvider: stiScaDataProvider([], { requestStiSca }) });
    const dialog = await openRequest();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request STI-SCA' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Request your STI-SCA' })).toBeInTheDocument();
  });

  it("toasts the server's refusal", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const requestStiSca = vi.fn(async () => {
      throw httpError(503, { message: 'This CA cannot issue STI-SCAs: it holds no intermediate for them.' });
    });
    renderBilling(PATH, { dataProvider: stiScaDataProvider([], { requestStiSca }) });
    const dialog = await openRequest();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request STI-SCA' }));
    expect(await screen.findByText(/cannot issue STI-SCAs/)).toBeInTheDocument();
  });

  it('renews the current one with the STI-PA credentials asked again', async () => {
    const dataProvider = stiScaDataProvider([CURRENT]);
    renderBilling(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rowOf('5C0A')).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew this STI-SCA?' });
    expect(dialog).toHaveTextContent(/stays valid until it expires/);
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(dataProvider.renewStiSca).toHaveBeenCalledWith(CURRENT.id, CREDS));
    expect(await screen.findByText('Your STI-SCA has been renewed')).toBeInTheDocument();
  });

  it('revokes only once a reason is picked, saying the delegate certificates go with it', async () => {
    const dataProvider = stiScaDataProvider([CURRENT]);
    renderBilling(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rowOf('5C0A')).getByRole('button', { name: /^More actions/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this STI-SCA?' });
    expect(dialog).toHaveTextContent('Revoking it also revokes every delegate certificate it signed.');
    expect(dialog).toHaveTextContent(/Revocation is final/);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    fireEvent.click(confirm);
    expect(dataProvider.revokeStiSca).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Cessation of operation' }));
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(dataProvider.revokeStiSca).toHaveBeenCalledWith(CURRENT.id, 'cessation_of_operation'),
    );
    expect(await screen.findByText('The STI-SCA has been revoked')).toBeInTheDocument();
  });

  it('downloads the chain as a .pem file', async () => {
    const saved = captureDownloads();
    const dataProvider = stiScaDataProvider([CURRENT]);
    renderBilling(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rowOf('5C0A')).getByRole('button', { name: 'Download chain' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(dataProvider.getStiSca).toHaveBeenCalledWith(CURRENT.id);
    expect(saved[0].filename).toBe('sti-sca-5C0A.pem');
    expect(await saved[0].blob.text()).toBe(CHAIN);
  });
});

describe('the STI-SCA calls', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('posts the STI-PA credentials with an Idempotency-Key, and reads the plain list as a page', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/sti_sca') && fetchMock.mock.calls.length === 1
        ? json({ success: false, error_cause: 'sti_pa_ca_not_allowed' })
        : json([CURRENT, REPLACED, REVOKED]),
    );
    const dp = createDataProvider();
    expect(await dp.requestStiSca(CREDS)).toEqual({ success: false, error_cause: 'sti_pa_ca_not_allowed' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/service_provider/sti_sca');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(CREDS);
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    const page = await dp.getList('sti-scas', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'created_on', order: 'DESC' },
      filter: {},
    });
    expect(page).toEqual({ data: [REVOKED], total: 3, meta: { current_id: CURRENT.id } });
    expect(String(fetchMock.mock.calls[1][0])).toBe('/api/service_provider/sti_sca');
  });
});
