// Import history and number listing (docs/screens.md, Number listing): columns, 7 rows, 'No Data Found', the
// upload's progress bar and the status updating until the import ends, the error report, the three filters
// with server-side dropdowns, partial pagination, and the export of the current filter.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingDataProvider, renderBilling } from '../billing/harness';

const columnHeaders = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

const IMPORT = {
  id: 'imp-1',
  imported_on: '2026-03-02T15:04:00Z',
  filename: 'numbers.csv',
  status: 'processing',
  count: 10_000,
  success_count: 0,
  fail_count: 3,
  completed_on: null,
  reason: null,
  report_rows: 3,
  more_errors: [],
  report_expired: false,
};

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('import history', () => {
  it('shows its columns, 7 a page, newest first, and No Data Found when empty', async () => {
    const dataProvider = billingDataProvider({ getList: async () => ({ data: [], total: 0 }) });
    renderBilling('/import-history', { dataProvider });
    expect(await screen.findByRole('heading', { level: 1, name: 'Import History' })).toBeInTheDocument();
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'imports',
      expect.objectContaining({
        pagination: { page: 1, perPage: 7 },
        sort: { field: 'imported_on', order: 'DESC' },
      }),
    );
  });

  it('uploads with a progress bar of the bytes sent, then shows the status and counts until the import ends', async () => {
    let answers = 0;
    const rows = () => {
      answers++;
      if (answers < 2) return [];
      if (answers < 3) return [IMPORT];
      return [{ ...IMPORT, status: 'completed', success_count: 9_997, completed_on: '2026-03-02T15:05:00Z' }];
    };
    let finish: (v: { id: string }) => void = () => undefined;
    let progress: (sent: number, total: number) => void = () => undefined;
    const dataProvider = billingDataProvider({
      getList: async () => {
        const data = rows();
        return { data, total: data.length };
      },
      uploadNumbers: (_file: File, onProgress: (sent: number, total: number) => void) => {
        progress = onProgress;
        return new Promise((resolve) => (finish = resolve));
      },
    });
    renderBilling('/import-history', { dataProvider });
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    const file = new File(['tn\n2015550100\n'], 'numbers.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Choose a CSV file of numbers'), { target: { files: [file] } });
    await waitFor(() => expect(dataProvider.uploadNumbers).toHaveBeenCalledWith(file, expect.any(Function)));
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    act(() => progress(40, 100));
    expect(await screen.findByText('Uploading numbers.csv: 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await act(async () => finish({ id: 'imp-1' }));
    expect(await screen.findByText('Processing')).toBeInTheDocument();
    expect(columnHeaders()).toEqual([
      'Imported On',
      'File Name',
      'Status',
      'Count',
      'Success',
      'Fail',
      'Completed On',
      'Numbers',
      'Errors',
    ]);
    // refreshed every second while it runs, until it is completed
    expect(await screen.findByText('Completed', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('9,997')).toBeInTheDocument();
    const calls = (dataProvider.getList as ReturnType<typeof vi.fn>).mock.calls.length;
    await new Promise((r) => setTimeout(r, 1300));
    expect((dataProvider.getList as ReturnType<typeof vi.fn>).mock.calls.length).toBe(calls);
  });

  it('offers the error report of a finished import with rejected rows', async () => {
    const done = {
      ...IMPORT,
      status: 'completed',
      success_count: 9_997,
      completed_on: '2026-03-02T15:05:00Z',
    };
    const dataProvider = billingDataProvider({
      getList: async () => ({ data: [done], total: 1 }),
      downloadImportErrors: async () => ({
        blob: new Blob(['line,tn\r\n']),
        filename: 'import-imp-1-errors.csv',
      }),
    });
    renderBilling('/import-history', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: 'Download the rejected rows of numbers.csv' }));
    await waitFor(() => expect(dataProvider.downloadImportErrors).toHaveBeenCalledWith('imp-1'));
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('counts by reason the rejected rows its report does not list, and says when a report expired', async () => {
    const many = {
      ...IMPORT,
      status: 'completed',
      count: 1_000_000,
      success_count: 1,
      fail_count: 999_999,
      completed_on: '2026-03-02T15:05:00Z',
      report_rows: 10_000,
      more_errors: [
        { reason: 'Duplicate of an earlier line of this file', count: 989_000 },
        { reason: 'The number is missing', count: 999 },
      ],
    };
    const old = {
      ...IMPORT,
      id: 'imp-2',
      filename: 'old.csv',
      status: 'completed',
      report_rows: 0,
      report_expired: true,
    };
    const dataProvider = billingDataProvider({ getList: async () => ({ data: [many, old], total: 2 }) });
    renderBilling('/import-history', { dataProvider });
    expect(
      await screen.findByText('The report lists the first 10,000 rejected rows; not listed:'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Rejected rows the report does not list' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Duplicate of an earlier line of this file: 989,000', 'The number is missing: 999']);
    expect(
      screen.getByRole('button', { name: 'Download the rejected rows of numbers.csv' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Error report expired (reports are kept 30 days)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download the rejected rows of old.csv' })).toBeNull();
  });

  it('shows why an import was stopped as the wrong file, and offers its report', async () => {
    const reason =
      'Stopped early: 10,999 of the first 11,000 rows (99 %) were rejected. Is this the right file? The error report shows why.';
    const stopped = {
      ...IMPORT,
      status: 'failed',
      count: 11_000,
      fail_count: 10_999,
      report_rows: 10_000,
      reason,
    };
    const dataProvider = billingDataProvider({ getList: async () => ({ data: [stopped], total: 1 }) });
    renderBilling('/import-history', { dataProvider });
    expect(await screen.findByText(`Failed: ${reason}`)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Download the rejected rows of numbers.csv' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal of a file', async () => {
    const dataProvider = billingDataProvider({
      getList: async () => ({ data: [], total: 0 }),
      uploadNumbers: async () => {
        throw Object.assign(new Error('The file is empty'), { status: 400 });
      },
    });
    renderBilling('/import-history', { dataProvider });
    await screen.findByText('No Data Found');
    fireEvent.change(screen.getByLabelText('Choose a CSV file of numbers'), {
      target: { files: [new File([''], 'empty.csv')] },
    });
    expect(await screen.findByText('The file is empty')).toBeInTheDocument();
  });
});

const NUMBERS = Array.from({ length: 7 }, (_, i) => ({
  id: `n-${i}`,
  tn_uuid: `n-${i}`,
  tn: String(2015550100 + i),
  created_on: '2026-03-02T15:04:00Z',
  assigned_on: '2026-02-01',
  voip_user: { name: `user ${i}`, company: 'Acme' },
}));

describe('number listing', () => {
  it('shows its columns, 7 a page sorted by number, with partial pagination when the total is unknown', async () => {
    const dataProvider = billingDataProvider({
      getList: async (_r: string, params: { pagination: { page: number } }) => ({
        data: NUMBERS,
        pageInfo: { hasNextPage: true, hasPreviousPage: params.pagination.page > 1 },
      }),
      numberOptions: async () => ({
        voip_users: [],
        organizations: [],
        more: { voip_users: false, organizations: false },
      }),
    });
    renderBilling('/number-listing', { dataProvider });
    expect(await screen.findByRole('heading', { level: 1, name: 'Number Listing' })).toBeInTheDocument();
    expect(await screen.findByText('(201) 555-0100')).toBeInTheDocument();
    expect(columnHeaders()).toEqual([
      'Number',
      'Created On',
      'VoIP User Name',
      'Organization',
      'Assigned On',
    ]);
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'numbers',
      expect.objectContaining({ pagination: { page: 1, perPage: 7 }, sort: { field: 'tn', order: 'ASC' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'numbers',
        expect.objectContaining({ pagination: { page: 2, perPage: 7 } }),
      ),
    );
  });

  it('filters by number (digits only), VoIP user and organization from the server’s options, and exports the filter', async () => {
    const dataProvider = billingDataProvider({
      getList: async () => ({ data: NUMBERS, total: 7 }),
      numberOptions: async (q: string) => ({
        voip_users: ['user 1', 'user 2'].filter((u) => u.startsWith(q)),
        organizations: ['Acme'],
        more: { voip_users: false, organizations: false },
      }),
      exportNumbers: async () => ({ blob: new Blob(['tn\r\n']), filename: 'numbers.csv' }),
    });
    renderBilling('/number-listing', { dataProvider });
    await screen.findByText('(201) 555-0100');
    fireEvent.change(screen.getByLabelText('Number contains'), { target: { value: '55a5' } });
    await waitFor(
      () =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith(
          'numbers',
          expect.objectContaining({ filter: { q: '555' } }),
        ),
      { timeout: 3000 },
    );
    const user = screen.getByLabelText('VoIP user');
    act(() => user.focus());
    fireEvent.change(user, { target: { value: 'user 2' } });
    await waitFor(() => expect(dataProvider.numberOptions).toHaveBeenCalledWith('user 2'));
    fireEvent.click(await within(await screen.findByRole('listbox')).findByText('user 2'));
    await waitFor(
      () =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith(
          'numbers',
          expect.objectContaining({ filter: { q: '555', voip_user: 'user 2' } }),
        ),
      { timeout: 3000 },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(dataProvider.exportNumbers).toHaveBeenCalledWith({ q: '555', voip_user: 'user 2' }),
    );
  });
});
