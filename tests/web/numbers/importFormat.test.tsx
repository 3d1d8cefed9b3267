// The import's file format: the import dialog and the empty import history name the CSV's columns,
// show an example row and offer a template built from the import's own column list; each completed import links
// to the number listing.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NUMBER_IMPORT, numberImportTemplate } from '../../../contract/numbers';
import { billingDataProvider, renderBilling } from '../billing/harness';

const IMPORT = {
  id: 'imp-1',
  imported_on: '2026-03-02T15:04:00Z',
  filename: 'numbers.csv',
  status: 'completed',
  count: 3,
  success_count: 3,
  fail_count: 0,
  completed_on: '2026-03-02T15:05:00Z',
  reason: null,
  report_rows: 0,
  more_errors: [],
  report_expired: false,
};

const createObjectURL = vi.fn((_blob: Blob) => 'blob:x');

beforeEach(() => {
  createObjectURL.mockClear();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The format block: its column names, its example and the template it downloads. */
async function expectFormat(region: HTMLElement) {
  const columns = within(region)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
  expect(columns).toEqual([...NUMBER_IMPORT.columns]);
  expect(within(region).getByText(/Only tn is required/)).toBeInTheDocument();
  expect(within(region).getByTestId('import-example')).toHaveTextContent(
    'tn,voip_user,organization,assigned_on 2015550100,Ann Smith,Acme Telecom,2026-01-15',
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  fireEvent.click(within(region).getByRole('button', { name: 'Download template' }));
  expect(createObjectURL).toHaveBeenCalledTimes(1);
  const blob = createObjectURL.mock.calls[0][0];
  expect(await blob.text()).toBe(numberImportTemplate());
  expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('numbers-template.csv');
}

describe('the import file format', () => {
  it('is shown with the empty import history', async () => {
    const dataProvider = billingDataProvider({ getList: async () => ({ data: [], total: 0 }) });
    renderBilling('/import-history', { dataProvider });
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    await expectFormat(await screen.findByRole('region', { name: 'CSV file format' }));
  });

  it('is shown in the import dialog, whose button opens the file picker', async () => {
    const dataProvider = billingDataProvider({ getList: async () => ({ data: [IMPORT], total: 1 }) });
    renderBilling('/import-history', { dataProvider });
    await screen.findByText('numbers.csv');
    // with imports listed, the page itself does not repeat it
    expect(screen.queryByRole('region', { name: 'CSV file format' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import numbers' });
    await expectFormat(within(dialog).getByRole('region', { name: 'CSV file format' }));
    const picker = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose a CSV file' }));
    expect(picker).toHaveBeenCalledTimes(1);
    expect((picker.mock.contexts[0] as HTMLInputElement).type).toBe('file');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('a completed import', () => {
  it('links to the number listing; a running or failed one does not', async () => {
    const running = {
      ...IMPORT,
      id: 'imp-2',
      filename: 'running.csv',
      status: 'processing',
      completed_on: null,
    };
    const failed = { ...IMPORT, id: 'imp-3', filename: 'failed.csv', status: 'failed', success_count: 0 };
    const dataProvider = billingDataProvider({
      getList: async (resource: string) =>
        resource === 'imports' ? { data: [IMPORT, running, failed], total: 3 } : { data: [], total: 0 },
    });
    renderBilling('/import-history', { dataProvider });
    const link = await screen.findByRole('link', { name: 'View numbers of numbers.csv' });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^\/number-listing\?filter=/));
    expect(screen.queryByRole('link', { name: /running\.csv/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /failed\.csv/ })).toBeNull();
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Number Listing' })).toBeInTheDocument();
  });
});
