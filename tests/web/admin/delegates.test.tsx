// The admin's list of every provider's STI-SCAs and delegate certificates: its columns (provider linking to its
// details, kind, a delegate's customer and numbers, the state badge of the certificates list), the filters the
// server applies (provider, kind, state), newest first 7 a page, the export; and the dashboard cards of live ones.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDelegateRow } from '../../../contract/admin';
import { withProviderParts } from '../../../src/dataProvider/providerParts';
import { adminDataProvider, renderAdmin } from './harness';

const columnHeaders = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

const STI_SCA: AdminDelegateRow = {
  id: 'c-1',
  service_provider_uuid: 'sp-9',
  company_name: 'Carrier Nine',
  ocn: '999A',
  kind: 'sti_sca',
  customer_name: null,
  number_count: null,
  sti_sca_serial: null,
  serial_number: 'aaaa1111bbbb2222',
  status: 'current',
  replaced_by: null,
  not_after: '2027-03-01T00:00:00Z',
  created_on: '2026-03-01T00:00:00Z',
  revoked_on: null,
  revocation_reason: null,
};

const DELEGATE: AdminDelegateRow = {
  ...STI_SCA,
  id: 'c-2',
  kind: 'delegate',
  customer_name: 'Acme Calls',
  number_count: 1200,
  sti_sca_serial: 'aaaa1111bbbb2222',
  serial_number: 'cccc3333dddd4444',
  status: 'revoked',
  revoked_on: '2026-03-05T00:00:00Z',
  revocation_reason: 'key_compromise',
  created_on: '2026-03-02T00:00:00Z',
};

describe('delegate CAs and certificates', () => {
  it('lists every provider’s STI-SCAs and delegates, newest first, 7 a page', async () => {
    const dataProvider = adminDataProvider({
      getList: async () => ({ data: [DELEGATE, STI_SCA], total: 2 }),
    });
    renderAdmin('/admin/delegates', dataProvider);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delegate CAs and certificates' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('cccc3333dddd4444')).toBeInTheDocument();
    expect(columnHeaders()).toEqual([
      'Provider',
      'OCN',
      'Kind',
      'Customer',
      'Numbers',
      'Serial Number',
      'Status',
      'Valid Until',
      'Created On',
    ]);
    const rows = screen.getAllByTestId('delegate-row');
    expect(within(rows[0]).getByRole('link', { name: 'Carrier Nine' })).toHaveAttribute(
      'href',
      '/admin/service-provider-details/sp-9',
    );
    expect(within(rows[0]).getByText('Delegate')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Acme Calls')).toBeInTheDocument();
    expect(within(rows[0]).getByText('1,200')).toBeInTheDocument();
    expect(within(rows[0]).getByText(/^Revoked · Key compromise/)).toBeInTheDocument();
    expect(within(rows[1]).getByText('STI-SCA')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Current')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'admin-delegates',
      expect.objectContaining({
        sort: { field: 'created_on', order: 'DESC' },
        pagination: { page: 1, perPage: 7 },
        filter: {},
      }),
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('asks the server for a provider, a kind and a state', async () => {
    const dataProvider = adminDataProvider({ getList: async () => ({ data: [STI_SCA], total: 1 }) });
    renderAdmin('/admin/delegates', dataProvider);
    await screen.findByText('aaaa1111bbbb2222');
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'nine' } });
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'admin-delegates',
        expect.objectContaining({ filter: { q: 'nine' } }),
      ),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'STI-SCA' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'admin-delegates',
        expect.objectContaining({ filter: { q: 'nine', kind: 'sti_sca' } }),
      ),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    const states = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(states).toEqual(expect.arrayContaining(['Current', 'Replaced', 'Expired', 'Revoked']));
    fireEvent.click(screen.getByRole('option', { name: 'Expired' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'admin-delegates',
        expect.objectContaining({ filter: { q: 'nine', kind: 'sti_sca', status: 'expired' } }),
      ),
    );
  });

  it('warns of every provider’s delegates that cover numbers the provider no longer holds', async () => {
    renderAdmin(
      '/admin/delegates',
      adminDataProvider({
        adminUncoveredDelegates: async () => [
          {
            id: 'd1',
            serial_number: 'bb22',
            customer_name: 'Widget Call Center',
            number_count: 10,
            missing: 2,
            service_provider_id: 'sp-1',
            company_name: 'Alpha Telecom',
          },
        ],
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Alpha Telecom: Widget Call Center (bb22): 2 of 10 numbers no longer held'),
    ).toBeInTheDocument();
  });

  it('says so when there is none', async () => {
    renderAdmin('/admin/delegates');
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });
});

describe('a provider’s details page', () => {
  it('shows the provider’s STI-SCAs and delegates under their heading, read by its id', async () => {
    const dataProvider = adminDataProvider();
    dataProvider.getManyReference.mockImplementation(
      withProviderParts(
        // the rows a page of the list answers, whatever record type react-admin asks for
        async () => ({ data: [DELEGATE, STI_SCA] as never[], total: 2 }),
        async () => ({ data: [], total: 0 }),
      ),
    );
    renderAdmin('/admin/service-provider-details/sp-1', dataProvider);
    const section = await screen.findByRole('region', { name: 'STI-SCAs and delegates' });
    expect(await within(section).findByText('cccc3333dddd4444')).toBeInTheDocument();
    expect(within(section).getByText('Acme Calls')).toBeInTheDocument();
    expect(within(section).getByText('STI-SCA')).toBeInTheDocument();
    expect(within(section).getByText('Current')).toBeInTheDocument();
    expect(dataProvider.getManyReference).toHaveBeenCalledWith(
      'admin-delegates',
      expect.objectContaining({ target: 'service_provider_uuid', id: 'sp-1' }),
    );
  });
});

describe('the dashboard', () => {
  it('shows the live STI-SCAs and delegate certificates as cards', async () => {
    const figures = {
      active_providers: 1,
      new_providers_this_month: 0,
      monthly_recurring_revenue: 0,
      failed_payments_last_7_days: 0,
      certificates_issued_this_month: 0,
      certificates_expiring_in_30_days: 0,
      live_sti_scas: 12,
      live_delegates: 3400,
      months: [],
    };
    renderAdmin('/admin/dashboard', adminDataProvider({ getAdminDashboard: async () => figures }));
    expect(await screen.findByTestId('figure-live_sti_scas')).toHaveTextContent('STI-SCAs12');
    expect(screen.getByTestId('figure-live_delegates')).toHaveTextContent('Delegate certificates3,400');
  });
});
