// The admin's provider screens: the list (columns, server-side paging, sorting and filters, export, empty, loading
// and error states) and the details page (profile, actions confirmed before they run, the extension's rules, the
// revocation of a certificate, a provider that cannot be loaded).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '../../../contract/admin';
import { PROVIDER, adminDataProvider, httpError, renderAdmin } from './harness';

const ROWS = [
  { ...PROVIDER, id: 'sp-1' },
  {
    ...PROVIDER,
    id: 'sp-2',
    company_name: 'Beta Voice',
    status: 'unconfirmed',
    reseller_name: 'Resell Co',
    email: 'beta@voice.example',
  },
];

const columnHeaders = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

describe('the provider list', () => {
  it('shows the columns, asks the server for 7 a page newest first, and links each row to its details', async () => {
    const dataProvider = adminDataProvider({ getList: async () => ({ data: ROWS, total: 60 }) });
    renderAdmin('/admin/service-provider', dataProvider);
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Providers' })).toBeInTheDocument();
    expect(await screen.findByText('Beta Voice')).toBeInTheDocument();
    expect(columnHeaders()).toEqual([
      'Company',
      'OCN',
      'Email',
      'Status',
      'Reseller',
      'Expires On',
      'Registered On',
      'Action',
    ]);
    expect(screen.getByText('Email not confirmed')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'service-providers',
      expect.objectContaining({
        pagination: { page: 1, perPage: 7 },
        sort: { field: 'created_on', order: 'DESC' },
      }),
    );
    expect(screen.getByRole('link', { name: 'Details: Beta Voice' })).toHaveAttribute(
      'href',
      '/admin/service-provider-details/sp-2',
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    // server-side pagination: the next page is asked for, not sliced here
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'service-providers',
        expect.objectContaining({ pagination: { page: 2, perPage: 7 } }),
      ),
    );
  });

  it('sorts by a column and filters by the search text, on the server', async () => {
    const dataProvider = adminDataProvider({ getList: async () => ({ data: ROWS, total: 2 }) });
    renderAdmin('/admin/service-provider', dataProvider);
    await screen.findByText('Beta Voice');
    fireEvent.click(within(screen.getAllByRole('columnheader')[0]).getByText('Company'));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'service-providers',
        expect.objectContaining({ sort: { field: 'company_name', order: 'ASC' } }),
      ),
    );
    fireEvent.change(screen.getByLabelText('Company, OCN or email'), { target: { value: 'beta' } });
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'service-providers',
        expect.objectContaining({ filter: { q: 'beta' } }),
      ),
    );
    expect(dataProvider.resellerOptions).toHaveBeenCalled();
  });

  it("says 'No Data Found' when no provider matches", async () => {
    renderAdmin('/admin/service-provider');
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });

  it('shows a progress bar while loading, then a failure with its message and a Retry', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = adminDataProvider({
      getList: async () => {
        throw httpError(500, { message: 'boom' });
      },
    });
    renderAdmin('/admin/service-provider', dataProvider);
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading…' })).not.toBeInTheDocument();
    consoleError.mockRestore();
  });
});

describe('the details page', () => {
  it('shows the profile, the subscription and the links to its history', async () => {
    const { dataProvider } = renderAdmin('/admin/service-provider-details/sp-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carrier One' })).toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledWith(
      'service-providers',
      expect.objectContaining({ id: 'sp-1' }),
    );
    expect(screen.getByText('ops@carrier.example')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change log' })).toHaveAttribute(
      'href',
      '/admin/subscription-change-log/sp-1',
    );
    expect(screen.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/admin/payment/sp-1');
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/admin/invoice/sp-1');
    // a confirmed provider gets no "resend" button
    expect(screen.queryByRole('button', { name: 'Resend confirmation mail' })).not.toBeInTheDocument();
  });

  it('pages the provider’s certificates, keys, imports and numbers on the server; empty and failed sections say so', async () => {
    const dataProvider = adminDataProvider({
      providerRows: async (_id: string, part: string) => {
        if (part === 'private_keys') throw httpError(500, { message: 'keys unavailable' });
        if (part === 'tn/assigned')
          return {
            data: [
              {
                id: 'n1',
                tn: '2015550100',
                created_on: '2026-02-01T00:00:00Z',
                voip_user: 'Alice',
                organization: 'Acme',
                assigned_on: null,
              },
            ],
            total: 12,
          };
        return { data: [], total: 0 };
      },
    });
    renderAdmin('/admin/service-provider-details/sp-1', dataProvider);
    expect(await screen.findByText('(201) 555-0100')).toBeInTheDocument();
    const numbers = screen.getByRole('region', { name: 'Numbers' });
    expect(within(numbers).getByText('1-5 of 12')).toBeInTheDocument();
    expect(dataProvider.providerRows).toHaveBeenCalledWith('sp-1', 'tn/assigned', {
      page: 1,
      perPage: 5,
      sort: { field: 'tn', order: 'ASC' },
      filter: {},
    });
    expect(dataProvider.providerRows).toHaveBeenCalledWith('sp-1', 'certificates', {
      page: 1,
      perPage: 5,
      sort: { field: 'created_on', order: 'DESC' },
      filter: {},
    });
    fireEvent.click(within(numbers).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(dataProvider.providerRows).toHaveBeenLastCalledWith(
        'sp-1',
        'tn/assigned',
        expect.objectContaining({ page: 2 }),
      ),
    );
    expect(
      within(screen.getByRole('region', { name: 'Certificates' })).getByText('No Data Found'),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Private Keys' })).findByText('keys unavailable'),
    ).toBeInTheDocument();
  });

  it('reads more rows a page when asked, and sorts a section by a column on the server', async () => {
    const dataProvider = adminDataProvider({
      providerRows: async (_id: string, part: string) =>
        part === 'tn/import-history'
          ? {
              data: [
                {
                  id: 'i1',
                  imported_on: '2026-02-01T00:00:00Z',
                  filename: 'numbers.csv',
                  status: 'done',
                  count: 1200,
                  success_count: 1200,
                  fail_count: 0,
                },
              ],
              total: 30,
            }
          : { data: [], total: 0 },
    });
    renderAdmin('/admin/service-provider-details/sp-1', dataProvider);
    expect(await screen.findByText('numbers.csv')).toBeInTheDocument();
    const imports = screen.getByRole('region', { name: 'Imports' });
    expect(within(imports).getAllByText('1,200')).toHaveLength(2);
    // the rows-per-page choices of every list
    fireEvent.mouseDown(within(imports).getByRole('combobox'));
    const choices = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(choices).toEqual(['5', '25', '50', '100']);
    fireEvent.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() =>
      expect(dataProvider.providerRows).toHaveBeenLastCalledWith('sp-1', 'tn/import-history', {
        page: 1,
        perPage: 25,
        sort: { field: 'imported_on', order: 'DESC' },
        filter: {},
      }),
    );
    fireEvent.click(within(imports).getByRole('button', { name: /sort by file name/i }));
    await waitFor(() =>
      expect(dataProvider.providerRows).toHaveBeenLastCalledWith(
        'sp-1',
        'tn/import-history',
        expect.objectContaining({ sort: { field: 'filename', order: 'ASC' } }),
      ),
    );
    // counts are not sorted by the server: their headers are no buttons
    expect(within(imports).queryByRole('button', { name: /sort by count/i })).not.toBeInTheDocument();
  });

  it('asks before deactivating; Cancel changes nothing, Confirm sends is_active false', async () => {
    const { dataProvider } = renderAdmin('/admin/service-provider-details/sp-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this service provider?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.update).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'service-providers',
        expect.objectContaining({ id: 'sp-1', data: { is_active: false } }),
      ),
    );
    expect(await screen.findByText('The service provider has been updated')).toBeInTheDocument();
  });

  it('assigns a reseller from the dropdown after confirmation', async () => {
    const { dataProvider } = renderAdmin('/admin/service-provider-details/sp-1');
    await screen.findByRole('heading', { level: 1, name: 'Carrier One' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reseller' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Other Resale' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign reseller' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'service-providers',
        expect.objectContaining({ data: { reseller_id: 'rs-2' } }),
      ),
    );
  });

  it('checks an extension with the server’s rules before sending it', async () => {
    const { dataProvider } = renderAdmin('/admin/service-provider-details/sp-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Grant extension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant an extension' });
    fireEvent.change(within(dialog).getByLabelText('Days'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Outage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(ADMIN_MESSAGES.daysRange)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Days'), { target: { value: '10000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await within(dialog).findByText(ADMIN_MESSAGES.daysRange);
    expect(dataProvider.grantExtension).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Days'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(dataProvider.grantExtension).toHaveBeenCalledWith('sp-1', { days: 30, reason: 'Outage' }),
    );
    expect(await screen.findByText('The extension has been granted')).toBeInTheDocument();
  });

  it('grants an extension once when Confirm is clicked twice', async () => {
    const { dataProvider } = renderAdmin('/admin/service-provider-details/sp-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Grant extension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant an extension' });
    fireEvent.change(within(dialog).getByLabelText('Days'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Outage' } });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    // the second click comes while the fields are still being checked
    fireEvent.click(confirm);
    expect(confirm).toBeDisabled();
    expect(await screen.findByText('The extension has been granted')).toBeInTheDocument();
    expect(dataProvider.grantExtension).toHaveBeenCalledTimes(1);
  });

  it('revokes an issued certificate only after confirmation, with the reason chosen', async () => {
    const dataProvider = adminDataProvider({
      providerRows: async (_id: string, part: string) =>
        part === 'certificates'
          ? {
              data: [
                {
                  id: 'c1',
                  serial_number: 'aaaa0000bbbb1111',
                  status: 'issued',
                  created_on: '2026-02-01T00:00:00Z',
                  not_after: '2027-02-01T00:00:00Z',
                  revoked_on: null,
                },
              ],
              total: 1,
            }
          : { data: [], total: 0 },
    });
    renderAdmin('/admin/service-provider-details/sp-1', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke aaaa0000bbbb1111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this certificate?' });
    expect(dataProvider.revokeProviderCertificate).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    for (const r of within(dialog).getAllByRole('radio')) expect(r).not.toBeChecked();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Key compromise' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(dataProvider.revokeProviderCertificate).toHaveBeenCalledWith(
        'sp-1',
        'aaaa0000bbbb1111',
        'key_compromise',
      ),
    );
    expect(await screen.findByText('The certificate has been revoked')).toBeInTheDocument();
  });

  it('offers the confirmation mail to an unconfirmed provider, and shows the server’s refusal', async () => {
    const dataProvider = adminDataProvider({
      getOne: async () => ({ data: { ...PROVIDER, is_confirmed: false, status: 'unconfirmed' } }),
      resendProviderConfirmation: async () => {
        throw httpError(409, { message: ADMIN_MESSAGES.alreadyConfirmed });
      },
    });
    renderAdmin('/admin/service-provider-details/sp-1', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend confirmation mail' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(ADMIN_MESSAGES.alreadyConfirmed)).toBeInTheDocument();
  });

  it('says so when the provider cannot be loaded', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = adminDataProvider({
      getOne: async () => {
        throw httpError(404, { message: 'Service provider not found' });
      },
    });
    renderAdmin('/admin/service-provider-details/nope', dataProvider);
    expect(await screen.findByText('This service provider could not be loaded.')).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
