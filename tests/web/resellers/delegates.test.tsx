// The reseller's list of its providers' STI-SCAs and delegate certificates: the admin's columns, each company
// linking to the reseller's page of it (never the admin's), read from the reseller's resource.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminDelegateRow } from '../../../contract/admin';
import { columnHeaders, renderAs, testDataProvider } from './harness';

const ROW: AdminDelegateRow = {
  id: 'c-2',
  service_provider_uuid: 'sp-1',
  company_name: 'Active Telecom',
  ocn: '901A',
  kind: 'delegate',
  customer_name: 'Acme Calls',
  number_count: 100,
  sti_sca_serial: 'aaaa1111bbbb2222',
  serial_number: 'cccc3333dddd4444',
  status: 'replaced',
  replaced_by: 'eeee5555ffff6666',
  not_after: '2027-03-01T00:00:00Z',
  created_on: '2026-03-02T00:00:00Z',
  revoked_on: null,
  revocation_reason: null,
};

describe('the reseller’s delegate CAs and certificates', () => {
  it('lists its providers’ rows, each company linking to its page', async () => {
    const dataProvider = testDataProvider({ getList: async () => ({ data: [ROW], total: 1 }) });
    renderAs('reseller', '/reseller/delegates', dataProvider);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delegate CAs and certificates' }),
    ).toBeInTheDocument();
    const row = await screen.findByTestId('delegate-row');
    expect(within(row).getByRole('link', { name: 'Active Telecom' })).toHaveAttribute(
      'href',
      '/reseller/sp/sp-1',
    );
    expect(within(row).getByText('Acme Calls')).toBeInTheDocument();
    expect(within(row).getByText(/^Replaced by eeee5555…/)).toBeInTheDocument();
    expect(columnHeaders(screen)).toContain('Customer');
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'reseller-delegates',
      expect.objectContaining({ pagination: { page: 1, perPage: 7 }, filter: {} }),
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('exports the rows as CSV with the provider, kind, customer and state in words', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:delegates';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const dataProvider = testDataProvider({ getList: async () => ({ data: [ROW], total: 1 }) });
    renderAs('reseller', '/reseller/delegates', dataProvider);
    await screen.findByText('cccc3333dddd4444');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const [header, first] = (await blobs[0].text()).split(/\r?\n/);
    expect(header).toBe(
      'Provider,OCN,Kind,Customer,Numbers,Serial Number,Issued By,Status,Valid Until,Created On',
    );
    expect(first).toMatch(
      /^Active Telecom,901A,Delegate,Acme Calls,100,cccc3333dddd4444,aaaa1111bbbb2222,Replaced,/,
    );
  });
});
