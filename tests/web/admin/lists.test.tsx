// The admin's other lists: payments and invoices (all, or one provider's from the path), a provider's change log,
// and the CA audit log (read-only, filtered): their columns, the server-side filter, paging and sort, the export,
// and the empty state.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminDataProvider, renderAdmin } from './harness';

const columnHeaders = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

const PAYMENT = {
  id: 'p1',
  service_provider_uuid: 'sp-9',
  company_name: 'Carrier Nine',
  ocn: '999A',
  amount: 100,
  transaction_id: 'tx_nine',
  created_on: '2026-02-01T10:00:00Z',
  for: 'Extension, 3 months',
};

const INVOICE = {
  id: 'inv-1',
  service_provider_uuid: 'sp-9',
  company_name: 'Carrier Nine',
  ocn: '999A',
  invoice_number: 42,
  amount: 500,
  status: 'paid',
  created_on: '2026-02-01T10:00:00Z',
  invoice_path: '/api/admin/invoice/inv-1/file',
};

describe('payments', () => {
  it('lists everyone’s payments 7 a page with the company linking to its details', async () => {
    const dataProvider = adminDataProvider({ getList: async () => ({ data: [PAYMENT], total: 1 }) });
    renderAdmin('/admin/payment', dataProvider);
    expect(await screen.findByRole('link', { name: 'Carrier Nine' })).toHaveAttribute(
      'href',
      '/admin/service-provider-details/sp-9',
    );
    expect(columnHeaders()).toEqual(['Time', 'Company', 'For', 'Transaction ID', 'Amount']);
    expect(screen.getByText('$100.00')).toBeInTheDocument();
    expect(screen.getByText('Extension, 3 months')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'admin-payments',
      expect.objectContaining({ pagination: { page: 1, perPage: 7 }, filter: {} }),
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('asks for one provider’s payments when the path names it', async () => {
    const dataProvider = adminDataProvider({ getList: async () => ({ data: [PAYMENT], total: 1 }) });
    renderAdmin('/admin/payment/sp-9', dataProvider);
    await screen.findByText('tx_nine');
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'admin-payments',
      expect.objectContaining({ filter: { service_provider_uuid: 'sp-9' } }),
    );
  });
});

describe('invoices', () => {
  it('lists one provider’s invoices and opens an invoice’s PDF', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const dataProvider = adminDataProvider({ getList: async () => ({ data: [INVOICE], total: 1 }) });
    renderAdmin('/admin/invoice/sp-9', dataProvider);
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(columnHeaders()).toEqual(['Time', 'Company', 'Invoice Number', 'Amount', 'Status', 'Action']);
    // the status in words, in the case every screen writes statuses; the amount as every screen writes money
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByText('paid')).toBeNull();
    expect(screen.getAllByText('$500.00').length).toBeGreaterThan(0);
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'admin-invoices',
      expect.objectContaining({ filter: { service_provider_uuid: 'sp-9' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download 42' }));
    await waitFor(() => expect(dataProvider.getFile).toHaveBeenCalledWith('/api/admin/invoice/inv-1/file'));
    open.mockRestore();
  });

  it("says 'No Data Found' without invoices", async () => {
    renderAdmin('/admin/invoice');
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });
});

describe('the change log', () => {
  it('shows one provider’s changes with who did them and why', async () => {
    const dataProvider = adminDataProvider({
      getList: async () => ({
        data: [
          {
            id: 'c1',
            service_provider_uuid: 'sp-9',
            company_name: 'Carrier Nine',
            created_on: '2026-02-01T10:00:00Z',
            actor: 'admin@portal.test',
            change: 'extension',
            from: '2026-03-01T00:00:00.000Z',
            to: '2026-03-31T00:00:00.000Z',
            reason: 'Outage compensation',
          },
          {
            id: 'c0',
            service_provider_uuid: 'sp-9',
            company_name: 'Carrier Nine',
            created_on: '2026-02-01T09:00:00Z',
            actor: 'payment',
            change: 'subscription started',
            from: null,
            to: 'year until 2027-02-01T09:00:00.000Z',
            reason: null,
          },
        ],
        total: 2,
      }),
    });
    renderAdmin('/admin/subscription-change-log/sp-9', dataProvider);
    expect(await screen.findByText('Outage compensation')).toBeInTheDocument();
    expect(columnHeaders()).toEqual(['Time', 'By', 'Change', 'From', 'To', 'Reason']);
    expect(screen.getByText('admin@portal.test')).toBeInTheDocument();
    // a subscription's ends read as dates, also inside a sentence
    expect(screen.getByText('3/1/2026')).toBeInTheDocument();
    expect(screen.getByText('3/31/2026')).toBeInTheDocument();
    expect(screen.getByText('year until 2/1/2027')).toBeInTheDocument();
    expect(screen.queryByText(/T00:00:00/)).not.toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'subscription-change-log',
      expect.objectContaining({
        filter: { service_provider_uuid: 'sp-9' },
        sort: { field: 'created_on', order: 'DESC' },
      }),
    );
  });
});

describe('the audit log', () => {
  it('is listed newest first, read-only, and filtered by the server', async () => {
    const dataProvider = adminDataProvider({
      getList: async () => ({
        data: [
          {
            id: '7',
            occurred_on: '2026-03-03T10:00:00Z',
            action: 'certificate.revoked',
            actor_email: 'admin@portal.test',
            actor_ip: null,
            service_provider_uuid: 'sp-9',
            company_name: 'Carrier Nine',
            subject: 'cccc2222dddd3333',
            detail: 'key_compromise',
          },
        ],
        total: 1,
      }),
    });
    renderAdmin('/admin/audit-log', dataProvider);
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    expect(await screen.findByText('cccc2222dddd3333')).toBeInTheDocument();
    expect(columnHeaders()).toEqual(['Time', 'Action', 'By', 'Company', 'Subject', 'Detail']);
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'audit-log',
      expect.objectContaining({
        sort: { field: 'occurred_on', order: 'DESC' },
        pagination: { page: 1, perPage: 7 },
      }),
    );
    // no row action writes anything: the only buttons are the export and the column sorts
    const table = screen.getByRole('table');
    expect(within(table).queryByRole('button', { name: /revoke|delete|edit/i })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'cccc' } });
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'audit-log',
        expect.objectContaining({ filter: { q: 'cccc' } }),
      ),
    );
  });
});
