// The provider's delegate certificates: the list (server paging, sort and filters, state badges, row actions, the
// empty state pointing at the STI-SCA), New delegate certificate (the contract's checks, typed numbers or a filtered
// selection, a CSR or a key shown once, refusals naming numbers in the form, one creation per action), Renew,
// Revoke with a reason, one certificate's page, the phone layout; and the calls the page makes.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DELEGATE_MESSAGES } from '../../contract/delegates';
import type { DelegateDetail, DelegateIssued, DelegateRow } from '../../contract/wire/delegates';
import { createDataProvider } from '../../src/dataProvider';
import {
  billingDataProvider,
  currentLocation,
  httpError,
  renderBilling,
  type DataProviderOverrides,
} from './billing/harness';
import { captureDownloads } from './certificates/harness';
import { stubPhoneWidth, type TestDataProvider } from './public/harness';
import { stubClipboard, typeIn } from './clipboard';

const PATH = '/sti-certificate/delegates';
const CHAIN = '-----BEGIN CERTIFICATE-----\nREVM\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nTUlHSEFnRUFNQk1H\n-----END PRIVATE KEY-----\n';
const CSR = '-----BEGIN CERTIFICATE REQUEST-----\nTUlJQkNUQ0J\n-----END CERTIFICATE REQUEST-----';

function row(id: string, customer: string, fields: Partial<DelegateRow> = {}): DelegateRow {
  return {
    id,
    serial_number: `${customer.slice(0, 2).toUpperCase()}01`,
    status: 'issued',
    is_current: false,
    customer_id: `c-${id}`,
    customer_name: customer,
    customer_contact: null,
    number_count: 101,
    numbers_summary: '2015550100–2015550199, 2015550300',
    sti_sca_serial: '5C0A',
    created_on: '2026-11-03T10:00:00Z',
    not_before: '2026-11-03T10:00:00Z',
    not_after: '2099-11-03T10:00:00Z',
    cr_path: `https://ca.example.test/cr/${id}.pem`,
    revoked_on: null,
    revocation_reason: null,
    replaced_by: null,
    ...fields,
  };
}

const ACME = row('00000000-0000-4000-8000-00000000000a', 'Acme Calls', {
  is_current: true,
  customer_contact: 'noc@acme.example',
});
const BETA = row('00000000-0000-4000-8000-00000000000b', 'Beta Centre', {
  status: 'revoked',
  revoked_on: '2026-11-02T10:00:00Z',
  revocation_reason: 'key_compromise',
  number_count: 1,
  numbers_summary: '2015550400',
});
const DETAIL: DelegateDetail = {
  ...ACME,
  blocks: [
    { start: '2015550100', count: 100 },
    { start: '2015550300', count: 1 },
  ],
  chain_pem: CHAIN,
};
const ISSUED = (key: string | null): DelegateIssued => ({
  delegate: row('00000000-0000-4000-8000-00000000000c', 'Gamma Corp', { is_current: true }),
  private_key_pem: key,
});

function delegatesDataProvider(rows: DelegateRow[], overrides: DataProviderOverrides = {}) {
  return billingDataProvider({
    getList: async (resource: string, params: GetListParams) => {
      if (resource !== 'delegates') throw new Error(`no list of ${resource} here`);
      void params;
      return { data: rows, total: rows.length };
    },
    getOne: async (_resource: string, params: { id: string }) => ({ data: { ...DETAIL, id: params.id } }),
    getDelegate: async () => DETAIL,
    createDelegate: async () => ISSUED(KEY),
    renewDelegate: async () => ISSUED(KEY),
    revokeDelegate: async () => ({ message: DELEGATE_MESSAGES.revoked }),
    numberOptions: async () => ({ voip_users: ['alice'], organizations: ['Acme'], more: false }),
    uncoveredDelegates: async () => [],
    ...overrides,
  });
}

const rowOf = (customer: string) => screen.getByText(customer).closest('tr') as HTMLElement;

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'New delegate certificate' }));
  return screen.findByRole('dialog', { name: 'New delegate certificate' });
}

const issue = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Issue certificate' }));

const clipboard = stubClipboard();

describe('the delegate certificates list', () => {
  it('warns above the list of the delegates that cover numbers no longer held, and not otherwise', async () => {
    const lost = {
      id: ACME.id,
      serial_number: 'aa11',
      customer_name: 'Acme Calls',
      number_count: 100,
      missing: 3,
    };
    renderBilling(PATH, {
      dataProvider: delegatesDataProvider([ACME], { uncoveredDelegates: async () => [lost] }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Delegate certificates to issue again')).toBeInTheDocument();
    expect(within(alert).getByText('Acme Calls (aa11): 3 of 100 numbers no longer held')).toBeInTheDocument();
  });

  it('shows no warning while every delegate covers numbers still held', async () => {
    renderBilling(PATH, { dataProvider: delegatesDataProvider([ACME]) });
    await screen.findByText('Acme Calls');
    expect(screen.queryByText('Delegate certificates to issue again')).not.toBeInTheDocument();
  });

  it('lists each with its customer, numbers, state and validity, read from the server newest first', async () => {
    const { dataProvider } = renderBilling(PATH, { dataProvider: delegatesDataProvider([ACME, BETA]) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delegate certificates' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('delegate-row')).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).toEqual([
      'Customer',
      'Numbers',
      'Status',
      'Valid Until',
      'Actions',
    ]);
    const acme = rowOf('Acme Calls');
    expect(within(acme).getByText('noc@acme.example')).toBeInTheDocument();
    expect(within(acme).getByText('101 numbers')).toBeInTheDocument();
    expect(within(acme).getByText('2015550100–2015550199, 2015550300')).toBeInTheDocument();
    expect(within(acme).getByText('Current')).toBeInTheDocument();
    expect(within(acme).getByText('11/3/2099')).toBeInTheDocument();
    expect(within(rowOf('Beta Centre')).getByText('1 number')).toBeInTheDocument();
    expect(within(rowOf('Beta Centre')).getByText(/^Revoked · Key compromise, /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    // View and Download chain as buttons; Renew and Revoke in the menu of the current one; nothing more on a revoked one
    expect(within(acme).getByRole('link', { name: 'View' })).toHaveAttribute('href', `${PATH}/${ACME.id}`);
    expect(within(acme).getByRole('button', { name: 'Download chain' })).toBeInTheDocument();
    fireEvent.click(within(acme).getByRole('button', { name: 'More actions: Acme Calls' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Renew', 'Revoke']);
    expect(
      within(rowOf('Beta Centre')).queryByRole('button', { name: /More actions/ }),
    ).not.toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'delegates',
      expect.objectContaining({
        pagination: { page: 1, perPage: 7 },
        sort: { field: 'created_on', order: 'DESC' },
        filter: {},
      }),
    );
  });

  it('searches, filters by status and sorts on the server', async () => {
    const { dataProvider } = renderBilling(PATH, { dataProvider: delegatesDataProvider([ACME, BETA]) });
    await waitFor(() => expect(screen.getAllByTestId('delegate-row')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Customer or serial'), { target: { value: 'acme' } });
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'delegates',
        expect.objectContaining({ filter: { q: 'acme' } }),
      ),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Revoked' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'delegates',
        expect.objectContaining({ filter: { q: 'acme', status: 'revoked' } }),
      ),
    );
    fireEvent.click(within(screen.getAllByRole('columnheader')[3]).getByText('Valid Until'));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'delegates',
        expect.objectContaining({ sort: { field: 'not_after', order: 'ASC' } }),
      ),
    );
  });

  it('says what a delegate certificate is when there is none, and links to the STI-SCA page', async () => {
    renderBilling(PATH, { dataProvider: delegatesDataProvider([]) });
    expect(await screen.findByText('No delegate certificates yet.')).toBeInTheDocument();
    expect(screen.getByText(/lets one of your customers .* sign its own calls/)).toBeInTheDocument();
    expect(screen.getByText(/request it first on its page/)).not.toHaveTextContent('%{');
    expect(screen.getByRole('link', { name: 'Delegate CA (STI-SCA)' })).toHaveAttribute(
      'href',
      '/sti-certificate/sti-sca',
    );
    expect(screen.getByRole('button', { name: 'New delegate certificate' })).toBeEnabled();
  });

  it('downloads the chain as a .pem file', async () => {
    const saved = captureDownloads();
    const { dataProvider } = renderBilling(PATH, { dataProvider: delegatesDataProvider([ACME]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Download chain' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(dataProvider.getDelegate).toHaveBeenCalledWith(ACME.id);
    expect(saved[0].filename).toBe(`delegate-${ACME.serial_number}.pem`);
    expect(await saved[0].blob.text()).toBe(CHAIN);
  });

  it('stacks each certificate as labelled lines below 960 px', async () => {
    stubPhoneWidth();
    renderBilling(PATH, { dataProvider: delegatesDataProvider([ACME, BETA]) });
    const stacked = await screen.findAllByTestId('stacked-row');
    expect(stacked).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      within(stacked[0])
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Customer', 'Numbers', 'Status', 'Valid Until', 'Actions']);
  });
});

describe('New delegate certificate', () => {
  it("checks the form with the contract's messages before sending anything", async () => {
    const { dataProvider } = renderBilling(PATH, { dataProvider: delegatesDataProvider([ACME]) });
    const dialog = await openCreate();
    expect(within(dialog).getByText(/2015550100-2015550199 for the hundred numbers/)).toBeInTheDocument();
    issue(dialog);
    expect(await within(dialog).findByText(DELEGATE_MESSAGES.customerNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(DELEGATE_MESSAGES.nothingPicked)).toBeInTheDocument();
    typeIn(dialog, /Customer name/, 'Gamma Corp');
    typeIn(dialog, /^Numbers/, '2015550100\n12345');
    issue(dialog);
    expect(
      await within(dialog).findByText(DELEGATE_MESSAGES.numberLineInvalid.replace('${value}', '12345')),
    ).toBeInTheDocument();
    expect(dataProvider.createDelegate).not.toHaveBeenCalled();
  });

  it('issues for typed numbers with a key the portal makes, shown once and gone after Close', async () => {
    const saved = captureDownloads();
    const { dataProvider } = renderBilling(PATH, { dataProvider: delegatesDataProvider([ACME]) });
    await screen.findByText('Acme Calls');
    const loads = dataProvider.getList.mock.calls.length;
    const dialog = await openCreate();
    typeIn(dialog, /Customer name/, 'Gamma Corp');
    typeIn(dialog, /Contact/, 'ops@gamma.example');
    typeIn(dialog, /^Numbers/, '2015550100-2015550199\n2015550300');
    issue(dialog);
    const shown = await screen.findByRole('dialog', { name: 'The private key of Gamma Corp' });
    expect(dataProvider.createDelegate).toHaveBeenCalledWith({
      customer_name: 'Gamma Corp',
      customer_contact: 'ops@gamma.example',
      numbers: '2015550100-2015550199\n2015550300',
    });
    expect(screen.getByText('The delegate certificate has been issued')).toBeInTheDocument();
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(shown).getByLabelText('Private key (PEM)')).toHaveValue(KEY);
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy the private key' }));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith(KEY));
    fireEvent.click(within(shown).getByRole('button', { name: 'Download the private key' }));
    expect(saved.map((s) => s.filename)).toEqual(['delegate-GA01.key.pem']);
    expect(await saved[0].blob.text()).toBe(KEY);

    fireEvent.click(within(shown).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(KEY)).not.toBeInTheDocument();
    await waitFor(() => expect(dataProvider.getList.mock.calls.length).toBeGreaterThan(loads));
  });

  it('issues for a CSR and a filtered selection, and shows no key', async () => {
    const { dataProvider } = renderBilling(PATH, {
      dataProvider: delegatesDataProvider([ACME], { createDelegate: async () => ISSUED(null) }),
    });
    const dialog = await openCreate();
    typeIn(dialog, /Customer name/, 'Gamma Corp');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'All numbers of a filtered selection' }));
    typeIn(dialog, /Number contains/, '201-555');
    expect(within(dialog).getByLabelText(/Number contains/)).toHaveValue('201555');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Use my CSR' }));
    issue(dialog);
    expect(
      await within(dialog).findByText('Paste or upload the CSR, or let the portal make the key'),
    ).toBeInTheDocument();
    typeIn(dialog, /CSR \(PEM\)/, CSR);
    issue(dialog);
    await waitFor(() =>
      expect(dataProvider.createDelegate).toHaveBeenCalledWith({
        customer_name: 'Gamma Corp',
        filter: { q: '201555' },
        csr: CSR,
      }),
    );
    expect(await screen.findByText('The delegate certificate has been issued')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads a CSR from a file', async () => {
    renderBilling(PATH, { dataProvider: delegatesDataProvider([ACME]) });
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Use my CSR' }));
    const file = new File([CSR], 'gamma.csr', { type: 'application/pkcs10' });
    fireEvent.change(within(dialog).getByTestId('csr-file'), { target: { files: [file] } });
    await waitFor(() => expect(within(dialog).getByLabelText(/CSR \(PEM\)/)).toHaveValue(CSR));
  });

  it('shows a refusal naming the numbers in the form, which stays open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const message = DELEGATE_MESSAGES.notInInventory.replace('${numbers}', '2015550900, 2015550901');
    const createDelegate = vi.fn(async () => {
      throw httpError(422, { message, numbers: ['2015550900', '2015550901'] });
    });
    renderBilling(PATH, { dataProvider: delegatesDataProvider([ACME], { createDelegate }) });
    const dialog = await openCreate();
    typeIn(dialog, /Customer name/, 'Gamma Corp');
    typeIn(dialog, /^Numbers/, '2015550900-2015550901');
    issue(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'New delegate certificate' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Numbers/)).toHaveValue('2015550900-2015550901');
  });

  it('creates once when Issue is clicked twice before the page re-renders', async () => {
    const { dataProvider } = renderBilling(PATH, { dataProvider: delegatesDataProvider([ACME]) });
    const dialog = await openCreate();
    typeIn(dialog, /Customer name/, 'Gamma Corp');
    typeIn(dialog, /^Numbers/, '2015550100');
    const button = within(dialog).getByRole('button', { name: 'Issue certificate' });
    act(() => {
      button.click();
      button.click();
    });
    await screen.findByRole('dialog', { name: 'The private key of Gamma Corp' });
    expect(dataProvider.createDelegate).toHaveBeenCalledTimes(1);
  });
});

describe('Renew and Revoke', () => {
  async function fromMenu(dataProvider: TestDataProvider, item: 'Renew' | 'Revoke') {
    renderBilling(PATH, { dataProvider });
    await screen.findByText('Acme Calls');
    fireEvent.click(screen.getByRole('button', { name: 'More actions: Acme Calls' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: item }));
  }

  it('renews with a new key made by the portal, shown once', async () => {
    const dataProvider = delegatesDataProvider([ACME]);
    await fromMenu(dataProvider, 'Renew');
    const dialog = await screen.findByRole('dialog', { name: 'Renew this delegate certificate?' });
    expect(dialog).toHaveTextContent(/stays valid until it expires/);
    expect(within(dialog).getByRole('radio', { name: 'Let the portal make the key' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(dataProvider.renewDelegate).toHaveBeenCalledWith(ACME.id, {}));
    expect(await screen.findByText('The delegate certificate has been renewed')).toBeInTheDocument();
    const shown = await screen.findByRole('dialog', { name: 'The private key of Gamma Corp' });
    expect(within(shown).getByLabelText('Private key (PEM)')).toHaveValue(KEY);
  });

  it('renews with a CSR', async () => {
    const dataProvider = delegatesDataProvider([ACME], { renewDelegate: async () => ISSUED(null) });
    await fromMenu(dataProvider, 'Renew');
    const dialog = await screen.findByRole('dialog', { name: 'Renew this delegate certificate?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Use my CSR' }));
    typeIn(dialog, /CSR \(PEM\)/, CSR);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(dataProvider.renewDelegate).toHaveBeenCalledWith(ACME.id, { csr: CSR }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('revokes only once a reason is picked, saying it is final', async () => {
    const dataProvider = delegatesDataProvider([ACME]);
    await fromMenu(dataProvider, 'Revoke');
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this delegate certificate?' });
    expect(dialog).toHaveTextContent(/Revocation is final/);
    expect(
      within(dialog)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Key compromise' }));
    fireEvent.click(confirm);
    await waitFor(() => expect(dataProvider.revokeDelegate).toHaveBeenCalledWith(ACME.id, 'key_compromise'));
    expect(await screen.findByText('The delegate certificate has been revoked')).toBeInTheDocument();
  });
});

describe('one delegate certificate', () => {
  it('shows its customer, serial, state, STI-SCA, every block and its CR URL', async () => {
    const { dataProvider } = renderBilling(`${PATH}/${ACME.id}`, {
      dataProvider: delegatesDataProvider([ACME]),
    });
    expect(await screen.findByRole('heading', { name: 'Delegate certificate' })).toBeInTheDocument();
    expect(await screen.findByText('Acme Calls')).toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledWith('delegates', expect.objectContaining({ id: ACME.id }));
    expect(screen.getByText('AC01')).toBeInTheDocument();
    expect(screen.getByText('5C0A')).toBeInTheDocument();
    expect(screen.getByText('Current')).toBeInTheDocument();
    const blocks = screen.getByRole('list', { name: 'Numbers covered' });
    expect(
      within(blocks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2015550100 – 2015550199 (100)', '2015550300']);
    expect(screen.getByRole('link', { name: ACME.cr_path })).toHaveAttribute('href', ACME.cr_path);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the CR URL of AC01' }));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith(ACME.cr_path));
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    // a renewal opens the new certificate
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew this delegate certificate?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(currentLocation()).toBe(`${PATH}/${ISSUED(KEY).delegate.id}`));
    expect(await screen.findByRole('dialog', { name: 'The private key of Gamma Corp' })).toBeInTheDocument();
  });

  it('says so when it cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBilling(`${PATH}/${ACME.id}`, {
      dataProvider: delegatesDataProvider([], {
        getOne: async () => {
          throw httpError(404, { message: DELEGATE_MESSAGES.notFound });
        },
      }),
    });
    expect(await screen.findByText('This delegate certificate could not be loaded.')).toBeInTheDocument();
  });
});

describe('the delegate certificate calls', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('creates with an Idempotency-Key, and revokes with the reason', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/revoke') ? json({ message: DELEGATE_MESSAGES.revoked }) : json(ISSUED(KEY), 201),
    );
    const dp = createDataProvider();
    const input = { customer_name: 'Gamma Corp', numbers: '2015550100' };
    expect(await dp.createDelegate(input)).toEqual(ISSUED(KEY));
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/service_provider/delegates');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(input);
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    await dp.renewDelegate(ACME.id, {});
    const [renewUrl, renewInit] = fetchMock.mock.calls[1];
    expect(String(renewUrl)).toBe(`/api/service_provider/delegates/${ACME.id}/renew`);
    expect(new Headers(renewInit?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    await dp.revokeDelegate(ACME.id, 'superseded');
    const [revokeUrl, revokeInit] = fetchMock.mock.calls[2];
    expect(String(revokeUrl)).toBe(`/api/service_provider/delegates/${ACME.id}/revoke`);
    expect(JSON.parse(String(revokeInit?.body))).toEqual({ reason: 'superseded' });
  });

  it('reads the list with the list protocol', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify([ACME]), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Content-Range': 'delegates 0-0/1' },
      }),
    );
    const page = await createDataProvider().getList('delegates', {
      pagination: { page: 1, perPage: 7 },
      sort: { field: 'customer_name', order: 'ASC' },
      filter: { status: 'current' },
    });
    expect(page.total).toBe(1);
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://x');
    expect(url.pathname).toBe('/api/service_provider/delegates');
    expect(JSON.parse(url.searchParams.get('sort') ?? '')).toEqual(['customer_name', 'ASC']);
    expect(JSON.parse(url.searchParams.get('range') ?? '')).toEqual([0, 6]);
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ status: 'current' });
  });
});
