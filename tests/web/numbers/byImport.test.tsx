// "View numbers" of a completed import opens the number listing filtered by that import: the link carries the
// filter in react-admin's URL format, the listing names the import (its file and time, read from the history) as a
// filter beside the others, and removing it or Clear filters lists every number again.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateTimeText } from '../../../contract/format';
import { billingDataProvider, renderBilling } from '../billing/harness';

const IMPORT_ID = '2b1c8f0e-4d5a-4c3b-9e8f-7a6b5c4d3e2f';
const IMPORT = {
  id: IMPORT_ID,
  imported_on: '2026-03-02T15:04:00Z',
  filename: 'numbers.csv',
  status: 'completed',
  count: 2,
  success_count: 2,
  fail_count: 0,
  completed_on: '2026-03-02T15:05:00Z',
  reason: null,
  report_rows: 0,
  more_errors: [],
  report_expired: false,
};
const NUMBERS = [0, 1].map((i) => ({
  id: `n-${i}`,
  tn_uuid: `n-${i}`,
  tn: String(2015550100 + i),
  created_on: '2026-03-02T15:04:00Z',
  assigned_on: null,
  voip_user: { name: null, company: null },
}));
const SEARCH = `?filter=${encodeURIComponent(JSON.stringify({ import_id: IMPORT_ID }))}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

type ListParams = { filter: Record<string, unknown> };

function provider(imports = [IMPORT]) {
  return billingDataProvider({
    getList: async (resource: string, params: ListParams) => {
      if (resource === 'imports') {
        const found = imports.filter((i) => !params.filter.id || i.id === params.filter.id);
        return { data: found, total: found.length };
      }
      return { data: NUMBERS, total: NUMBERS.length };
    },
    numberOptions: async () => ({
      voip_users: [],
      organizations: [],
      more: { voip_users: false, organizations: false },
    }),
    exportNumbers: async () => ({ blob: new Blob(['tn\r\n']), filename: 'numbers.csv' }),
  });
}

const numberCalls = (dataProvider: ReturnType<typeof provider>) =>
  (dataProvider.getList.mock.calls as [string, ListParams][]).filter(([r]) => r === 'numbers');

describe('the numbers of an import', () => {
  it('are linked from the import history with the import as the listing’s filter', async () => {
    const dataProvider = provider();
    renderBilling('/import-history', { dataProvider });
    const link = await screen.findByRole('link', { name: 'View numbers of numbers.csv' });
    expect(link).toHaveAttribute('href', `/number-listing${SEARCH}`);
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Number Listing' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/number-listing${SEARCH}`));
    await waitFor(() =>
      expect(numberCalls(dataProvider).at(-1)?.[1].filter).toEqual({ import_id: IMPORT_ID }),
    );
  });

  it('are listed under a filter naming the import, kept with the others, removed by Clear filters', async () => {
    const dataProvider = provider();
    renderBilling(`/number-listing${SEARCH}`, { dataProvider });
    const search = await screen.findByRole('search', { name: 'Filters' });
    const named = `numbers.csv of ${dateTimeText(IMPORT.imported_on)}`;
    await waitFor(() => expect(within(search).getByLabelText('From import')).toHaveValue(named));
    expect(within(search).getByLabelText('From import')).toHaveAttribute('readonly');
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'imports',
      expect.objectContaining({ filter: { id: IMPORT_ID } }),
    );
    expect(await screen.findByText('(201) 555-0101')).toBeInTheDocument();
    expect(numberCalls(dataProvider).at(-1)?.[1].filter).toEqual({ import_id: IMPORT_ID });

    // another filter beside it, and the export, keep the import
    fireEvent.change(within(search).getByLabelText('Number contains'), { target: { value: '0101' } });
    await waitFor(
      () => expect(numberCalls(dataProvider).at(-1)?.[1].filter).toEqual({ import_id: IMPORT_ID, q: '0101' }),
      { timeout: 3000 },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(dataProvider.exportNumbers).toHaveBeenCalledWith({ import_id: IMPORT_ID, q: '0101' }),
    );

    fireEvent.click(within(search).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(numberCalls(dataProvider).at(-1)?.[1].filter).toEqual({}));
    await waitFor(() => expect(within(search).queryByLabelText('From import')).toBeNull());
    expect(screen.getByTestId('location')).not.toHaveTextContent('import_id');
    expect(within(search).getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('is removed alone by its own remove button; an import the history does not hold is named unknown', async () => {
    const dataProvider = provider([]);
    renderBilling(`/number-listing${SEARCH}`, { dataProvider });
    const search = await screen.findByRole('search', { name: 'Filters' });
    await waitFor(() => expect(within(search).getByLabelText('From import')).toHaveValue('Unknown import'));
    fireEvent.click(within(search).getByRole('button', { name: 'Remove this filter' }));
    await waitFor(() => expect(numberCalls(dataProvider).at(-1)?.[1].filter).toEqual({}));
    await waitFor(() => expect(within(search).queryByLabelText('From import')).toBeNull());
    // the listing's own filters stay
    expect(within(search).getByLabelText('Number contains')).toBeInTheDocument();
  });
});
