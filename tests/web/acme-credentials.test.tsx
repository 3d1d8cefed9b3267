// The provider's ACME page: the directory URL to give an ACME client, the credentials with their
// statuses and whose they are (the provider's own or a delegate customer's; server-side sort, paging and status
// filter; the CSV export), Create credential showing the HMAC key once, Revoke after
// a confirmation, the server's refusals as toasts, and the empty, failed and phone layouts.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AcmeCredentialRow } from '../../contract/acme';
import { renderBilling } from './billing/harness';
import { captureDownloads } from './certificates/harness';
import {
  httpError,
  stubPhoneWidth,
  testDataProvider,
  type DataProviderOverrides,
  type TestDataProvider,
} from './public/harness';
import { stubClipboard } from './clipboard';

const PATH = '/sti-certificate/acme';
const DIRECTORY_URL = 'https://ca.example.test/acme/directory';

const ROWS: AcmeCredentialRow[] = [
  {
    id: 'kid-customer',
    key_id: 'kid-customer',
    status: 'bound',
    created_on: '2026-03-04T10:00:00Z',
    revoked_on: null,
    account_id: 'acct-2',
    account_status: 'valid',
    bound_on: '2026-03-04T11:00:00Z',
    customer_name: 'Acme Dental',
    number_count: 1000,
  },
  {
    id: 'kid-unused',
    key_id: 'kid-unused',
    status: 'unused',
    created_on: '2026-03-03T10:00:00Z',
    revoked_on: null,
    account_id: null,
    account_status: null,
    bound_on: null,
    customer_name: null,
    number_count: null,
  },
  {
    id: 'kid-bound',
    key_id: 'kid-bound',
    status: 'bound',
    created_on: '2026-03-02T10:00:00Z',
    revoked_on: null,
    account_id: 'acct-1',
    account_status: 'valid',
    bound_on: '2026-03-02T11:00:00Z',
    customer_name: null,
    number_count: null,
  },
  {
    id: 'kid-revoked',
    key_id: 'kid-revoked',
    status: 'revoked',
    created_on: '2026-03-01T10:00:00Z',
    revoked_on: '2026-03-01T12:00:00Z',
    account_id: 'acct-0',
    account_status: 'deactivated',
    bound_on: '2026-03-01T11:00:00Z',
    customer_name: null,
    number_count: null,
  },
];

const CREATED = { key_id: 'new-kid-0123456789abcd', hmac_key: 'c2VjcmV0LWhtYWMta2V5LXNob3duLW9uY2Utb25seQ' };

function acmeDataProvider(overrides: DataProviderOverrides = {}) {
  return testDataProvider({
    getList: async () => ({ data: ROWS, total: ROWS.length }),
    create: async () => ({ data: CREATED }),
    delete: async (_resource: string, params: { id: string }) => ({
      data: { message: 'ACME credential revoked', id: params.id },
    }),
    ...overrides,
  });
}

function renderAcme(dataProvider: TestDataProvider, settings: Record<string, unknown> = {}) {
  renderBilling(PATH, { dataProvider, settings: { acme_directory_url: DIRECTORY_URL, ...settings } });
  return dataProvider;
}

/** The cells of one CSV line: a quoted cell may hold commas and doubled quotes. */
function csvCells(line: string): string[] {
  const cell = /"((?:[^"]|"")*)"|([^,]*)/y;
  const cells: string[] = [];
  for (let at = 0; ; at += 1) {
    cell.lastIndex = at;
    const m = cell.exec(line);
    cells.push(m?.[1] !== undefined ? m[1].replace(/""/g, '"') : (m?.[2] ?? ''));
    at = cell.lastIndex;
    if (line[at] !== ',') return cells;
  }
}

const columnHeaders = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const rowOf = (keyId: string) => screen.getByText(keyId).closest('tr') as HTMLElement;

const clipboard = stubClipboard();

describe('the ACME page', () => {
  it('explains the directory URL, and copies it', async () => {
    renderAcme(acmeDataProvider());
    expect(await screen.findByRole('heading', { level: 1, name: 'ACME' })).toBeInTheDocument();
    const field = screen.getByLabelText('ACME directory URL');
    await waitFor(() => expect(field).toHaveValue(DIRECTORY_URL));
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByText(/Revoking a credential deactivates the account it bound/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy the ACME directory URL' }));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith(DIRECTORY_URL));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it("gives this origin's directory when the server's settings do not name one", async () => {
    renderAcme(acmeDataProvider(), { acme_directory_url: undefined });
    const field = await screen.findByLabelText('ACME directory URL');
    await waitFor(() => expect(screen.getByText('kid-unused')).toBeInTheDocument());
    expect(field).toHaveValue(`${window.location.origin}/acme/directory`);
  });

  it('lists the credentials with their statuses, newest first, and Revoke on those not revoked', async () => {
    const dataProvider = renderAcme(acmeDataProvider());
    expect(await screen.findByText('kid-unused')).toBeInTheDocument();
    expect(columnHeaders()).toEqual([
      'Created On',
      'Key ID',
      'Customer',
      'Status',
      'Bound On',
      'Revoked On',
      'Actions',
    ]);
    expect(within(rowOf('kid-unused')).getByText('Unused')).toBeInTheDocument();
    expect(within(rowOf('kid-bound')).getByText('Bound (account active)')).toBeInTheDocument();
    expect(within(rowOf('kid-revoked')).getByText('Revoked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke credential kid-unused' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke credential kid-bound' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke credential kid-revoked' })).not.toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'acme-credentials',
      expect.objectContaining({
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'created_on', order: 'DESC' },
        filter: {},
      }),
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
  });

  it("says whose each credential is: a customer's with its numbers, or the provider's own", async () => {
    renderAcme(acmeDataProvider());
    await screen.findByText('kid-customer');
    expect(within(rowOf('kid-customer')).getByText('Acme Dental · 1,000 numbers')).toBeInTheDocument();
    for (const own of ['kid-unused', 'kid-bound', 'kid-revoked'])
      expect(within(rowOf(own)).getByText('Your account')).toBeInTheDocument();
    // the column is not sorted by: the server sorts by the dates and the status
    expect(within(screen.getAllByRole('columnheader')[2]).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says "1 number" for a customer of one number, and the name alone when the count is missing', async () => {
    const one = { ...ROWS[0], id: 'kid-one', key_id: 'kid-one', number_count: 1 };
    const none = {
      ...ROWS[0],
      id: 'kid-none',
      key_id: 'kid-none',
      customer_name: 'Beta Calls',
      number_count: null,
    };
    renderAcme(acmeDataProvider({ getList: async () => ({ data: [one, none], total: 2 }) }));
    expect(await screen.findByText('Acme Dental · 1 number')).toBeInTheDocument();
    expect(within(rowOf('kid-none')).getByText('Beta Calls')).toBeInTheDocument();
  });

  it('exports the customer and its number count with each credential', async () => {
    const saved = captureDownloads();
    renderAcme(acmeDataProvider());
    await screen.findByText('kid-customer');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].filename).toBe('acme-credentials.csv');
    const [header, ...records] = (await saved[0].blob.text()).trim().split(/\r?\n/).map(csvCells);
    expect(header.slice(0, 5)).toEqual(['Created On', 'Key ID', 'Customer', 'Numbers', 'Status']);
    expect(records.map((r) => r.slice(1, 4))).toEqual([
      ['kid-customer', 'Acme Dental', '1000'],
      ['kid-unused', '', ''],
      ['kid-bound', '', ''],
      ['kid-revoked', '', ''],
    ]);
  });

  it('sorts by a column and filters by status, on the server', async () => {
    const dataProvider = renderAcme(acmeDataProvider());
    await screen.findByText('kid-unused');
    fireEvent.click(within(screen.getAllByRole('columnheader')[3]).getByText('Status'));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'acme-credentials',
        expect.objectContaining({ sort: { field: 'status', order: 'ASC' } }),
      ),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Revoked' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'acme-credentials',
        expect.objectContaining({ filter: { status: 'revoked' } }),
      ),
    );
  });

  it('says there are none, and still offers Create credential', async () => {
    renderAcme(acmeDataProvider({ getList: async () => ({ data: [], total: 0 }) }));
    expect(
      await screen.findByText('No ACME credentials. Create one for each ACME client.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create credential' })).toBeInTheDocument();
  });

  it('shows a failed load with its message and a Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    renderAcme(
      acmeDataProvider({
        getList: async () => {
          calls += 1;
          if (calls === 1) throw httpError(500, { message: 'Database unavailable' });
          return { data: ROWS, total: ROWS.length };
        },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('kid-unused')).toBeInTheDocument();
  });
});

describe('Create credential', () => {
  it('shows the key id and the HMAC key once, with Copy buttons, and reads the list again when closed', async () => {
    const dataProvider = renderAcme(acmeDataProvider());
    await screen.findByText('kid-unused');
    const loads = dataProvider.getList.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Create credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ACME credential' });
    expect(dataProvider.create).toHaveBeenCalledWith('acme-credentials', { data: {} });
    expect(
      within(dialog).getByText('Copy the HMAC key now: it will not be shown again.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Key ID')).toHaveValue(CREATED.key_id);
    expect(within(dialog).getByLabelText('HMAC key')).toHaveValue(CREATED.hmac_key);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy the HMAC key' }));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith(CREATED.hmac_key));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy the key ID' }));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith(CREATED.key_id));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the key is gone from the page: it is never shown again
    expect(screen.queryByDisplayValue(CREATED.hmac_key)).not.toBeInTheDocument();
    await waitFor(() => expect(dataProvider.getList.mock.calls.length).toBeGreaterThan(loads));
  });

  it('creates one credential when Create credential is clicked twice before the page re-renders', async () => {
    const dataProvider = renderAcme(acmeDataProvider());
    await screen.findByText('kid-unused');
    const button = screen.getByRole('button', { name: 'Create credential' });
    act(() => {
      button.click();
      button.click();
    });
    await screen.findByRole('dialog', { name: 'New ACME credential' });
    expect(dataProvider.create).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal and no dialog", async () => {
    // the dataProvider logs a failed call
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAcme(
      acmeDataProvider({
        create: async () => {
          throw httpError(422, {
            message: 'You already have 20 ACME credentials. Revoke one you no longer use first.',
          });
        },
      }),
    );
    await screen.findByText('kid-unused');
    fireEvent.click(screen.getByRole('button', { name: 'Create credential' }));
    expect(
      await screen.findByText('You already have 20 ACME credentials. Revoke one you no longer use first.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Revoke', () => {
  it('asks first, saying the bound account is deactivated, then revokes and reads the list again', async () => {
    const dataProvider = renderAcme(acmeDataProvider());
    await screen.findByText('kid-bound');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke credential kid-bound' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this ACME credential?' });
    expect(within(dialog).getByText(/The ACME account it bound is deactivated/)).toBeInTheDocument();
    expect(dataProvider.delete).not.toHaveBeenCalled();
    const loads = dataProvider.getList.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(dataProvider.delete).toHaveBeenCalledWith(
        'acme-credentials',
        expect.objectContaining({ id: 'kid-bound' }),
      ),
    );
    expect(await screen.findByText('The ACME credential has been revoked')).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.getList.mock.calls.length).toBeGreaterThan(loads));
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const dataProvider = renderAcme(acmeDataProvider());
    await screen.findByText('kid-unused');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke credential kid-unused' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this ACME credential?' });
    expect(within(dialog).getByText('It can no longer bind an ACME account.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.delete).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    // the dataProvider logs a failed call
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAcme(
      acmeDataProvider({
        delete: async () => {
          throw httpError(409, { message: 'This ACME credential is already revoked' });
        },
      }),
    );
    await screen.findByText('kid-unused');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke credential kid-unused' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this ACME credential?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This ACME credential is already revoked')).toBeInTheDocument();
  });
});

describe('below 960 px', () => {
  it('stacks each credential as labelled lines in place of the table', async () => {
    stubPhoneWidth();
    renderAcme(acmeDataProvider());
    const rows = (await screen.findAllByTestId('stacked-row')).slice(1);
    expect(rows).toHaveLength(3);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const terms = within(rows[0])
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual([
      'Created On',
      'Key ID',
      'Customer',
      'Status',
      'Bound On',
      'Revoked On',
      'Actions',
    ]);
    expect(within(rows[0]).getByText('Your account')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Bound (account active)')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Revoke credential kid-unused' })).toBeInTheDocument();
  });
});
