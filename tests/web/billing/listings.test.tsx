// Payment listing, invoice listing and the single-invoice view (docs/screens.md, Payment listing).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billingDataProvider, currentLocation, httpError, renderBilling } from './harness';

const PAYMENTS = [
  {
    id: 'p2',
    amount: '500.00',
    transaction_id: 'pi_second',
    created_on: '2026-03-02T15:04:00Z',
    for: 'Automatic renewal, yearly plan, 3/2/2026 – 3/2/2027',
  },
  {
    id: 'p1',
    amount: '100.00',
    transaction_id: 'pi_first',
    created_on: '2026-02-01T10:00:00Z',
    for: 'Monthly plan, 2/1/2026 – 3/1/2026',
  },
];

const INVOICES = [
  {
    id: 'inv-2',
    invoice_number: 'INV-0002',
    amount: 500,
    created_on: '2026-03-02T15:04:00Z',
    start_billing_cycle: '2026-03-02T00:00:00Z',
    end_billing_cycle: '2027-03-02T00:00:00Z',
    invoice_path: '/api/service_provider/invoices/inv-2/file',
    billing_cycle_months: 12,
  },
  {
    id: 'inv-1',
    invoice_number: 'INV-0001',
    amount: 100,
    created_on: '2026-02-01T10:00:00Z',
    start_billing_cycle: '2026-02-01T00:00:00Z',
    end_billing_cycle: '2026-03-01T00:00:00Z',
    invoice_path: '/api/service_provider/invoices/inv-1/file',
    billing_cycle_months: 1,
  },
];

const columnHeaders = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

describe('payment listing', () => {
  it('shows Time, For, Transaction ID and Amount, 7 a page, newest first', async () => {
    const dataProvider = billingDataProvider({ getList: async () => ({ data: PAYMENTS, total: 2 }) });
    renderBilling('/payment-listing', { dataProvider });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Listing' })).toBeInTheDocument();
    expect(await screen.findByText('pi_second')).toBeInTheDocument();
    expect(columnHeaders()).toEqual(['Time', 'For', 'Transaction ID', 'Amount']);
    expect(screen.getByText('Automatic renewal, yearly plan, 3/2/2026 – 3/2/2027')).toBeInTheDocument();
    expect(screen.getByText('$500.00')).toBeInTheDocument();
    expect(screen.getByText(new Date(PAYMENTS[0].created_on).toLocaleString('en-US'))).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'payments',
      expect.objectContaining({
        pagination: { page: 1, perPage: 7 },
        sort: { field: 'created_on', order: 'DESC' },
      }),
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('lets the person show 25, 50 or 100 rows a page instead of 7', async () => {
    const dataProvider = billingDataProvider({ getList: async () => ({ data: PAYMENTS, total: 2 }) });
    renderBilling('/payment-listing', { dataProvider });
    await screen.findByText('pi_second');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['7', '25', '50', '100']);
    fireEvent.click(options[2]);
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'payments',
        expect.objectContaining({ pagination: { page: 1, perPage: 50 } }),
      ),
    );
  });

  it("says 'No Data Found' when there are no payments", async () => {
    const dataProvider = billingDataProvider({ getList: async () => ({ data: [], total: 0 }) });
    renderBilling('/payment-listing', { dataProvider });
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });

  it('shows a progress bar while loading, then the failure with its message and a Retry', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = billingDataProvider({
      getList: async () => {
        throw httpError(500, { message: 'boom' });
      },
    });
    renderBilling('/payment-listing', { dataProvider });
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading…' })).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('invoice listing', () => {
  it('shows Time, Invoice Number, Amount and a View link to the invoice', async () => {
    const dataProvider = billingDataProvider({ getList: async () => ({ data: INVOICES, total: 2 }) });
    renderBilling('/invoice-listing', { dataProvider });
    expect(await screen.findByText('INV-0002')).toBeInTheDocument();
    expect(columnHeaders()).toEqual(['Time', 'Invoice Number', 'Amount', 'Action']);
    expect(screen.getByText('$500.00')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'invoices',
      expect.objectContaining({ pagination: { page: 1, perPage: 7 } }),
    );
    const row = screen.getByText('INV-0001').closest('tr') as HTMLElement;
    const view = within(row).getByRole('link', { name: 'View' });
    expect(view).toHaveAttribute('href', '/invoice-listing/inv-1');
    fireEvent.click(view);
    await waitFor(() => expect(currentLocation()).toBe('/invoice-listing/inv-1'));
    expect(await screen.findByText('Stir/Shaken Monthly Subscription')).toBeInTheDocument();
    // the row travelled with the link: no extra call
    expect(dataProvider.getOne).not.toHaveBeenCalled();
  });

  it("says 'No data' when there are no invoices", async () => {
    const dataProvider = billingDataProvider({ getList: async () => ({ data: [], total: 0 }) });
    renderBilling('/invoice-listing', { dataProvider });
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});

describe('single invoice', () => {
  /** The value under a label of the page's fields (react-admin's Labeled). */
  function valueOf(label: string): string {
    return screen.getByText(label).closest('.ra-field')?.lastElementChild?.textContent ?? '';
  }

  it('shows the yearly invoice with the provider company and address, and downloads the file in a new tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice-2');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const dataProvider = billingDataProvider({ getOne: async () => ({ data: INVOICES[0] }) });
    renderBilling('/invoice-listing/inv-2', { dataProvider });
    expect(await screen.findByText('Stir/Shaken Yearly Subscription')).toBeInTheDocument();
    await screen.findByText('Carrier One');
    expect(dataProvider.getOne).toHaveBeenCalledWith('invoices', expect.objectContaining({ id: 'inv-2' }));
    expect(valueOf('Company')).toBe('Carrier One');
    expect(valueOf('Invoice Number')).toBe('INV-0002');
    expect(valueOf('Service Provider Address')).toBe('1 Main Street, Springfield, IL 62701');
    expect(valueOf('Start Date')).toBe('3/2/2026');
    expect(valueOf('Expiry Date')).toBe('3/2/2027');
    expect(valueOf('Total')).toBe('$500.00');

    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:invoice-2'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(dataProvider.getFile).toHaveBeenCalledWith('/api/service_provider/invoices/inv-2/file');
  });

  it('closes the tab and toasts when the file cannot be fetched', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const dataProvider = billingDataProvider({
      getOne: async () => ({ data: INVOICES[1] }),
      getFile: async () => {
        throw httpError(404, { message: 'Invoice file not found' });
      },
    });
    renderBilling('/invoice-listing/inv-1', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Invoice file not found')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it('goes back to the invoice listing', async () => {
    const dataProvider = billingDataProvider({
      getOne: async () => ({ data: INVOICES[1] }),
      getList: async () => ({ data: INVOICES, total: 2 }),
    });
    renderBilling('/invoice-listing/inv-1', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentLocation()).toBe('/invoice-listing'));
  });

  it('says so when the invoice cannot be loaded', async () => {
    const dataProvider = billingDataProvider({
      getOne: async () => {
        throw httpError(404, { message: 'Invoice not found' });
      },
    });
    renderBilling('/invoice-listing/nope', { dataProvider });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invoice could not be loaded.');
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });
});
