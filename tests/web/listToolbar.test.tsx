// Every list's filters belong to it: inside its card, in one row above its rows with "Clear filters" and
// the list's actions; and every list offers a rows-per-page choice.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminDataProvider, renderAdmin } from './admin/harness';

const ENTRY = {
  id: '7',
  occurred_on: '2026-03-03T10:00:00Z',
  action: 'certificate.revoked',
  actor_email: 'admin@portal.test',
  actor_ip: null,
  service_provider_uuid: 'sp-9',
  company_name: 'Carrier Nine',
  subject: 'cccc2222dddd3333',
  detail: 'key_compromise',
};

const auditLog = () => adminDataProvider({ getList: async () => ({ data: [ENTRY], total: 1 }) });

describe('a list’s toolbar', () => {
  it('holds the filters inside the list’s card, in one row above the rows, with the export', async () => {
    renderAdmin('/admin/audit-log', auditLog());
    await screen.findByText('cccc2222dddd3333');
    const filters = screen.getByRole('search', { name: 'Filters' });
    const table = screen.getByRole('table');
    const card = table.closest('.MuiCard-root');
    expect(card).not.toBeNull();
    expect(card).toContainElement(filters);
    // the filters come before the rows they drive, and share one row with Clear filters and the export
    expect(filters.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const toolbar = screen.getByTestId('list-toolbar');
    expect(toolbar).toContainElement(filters);
    expect(within(toolbar).getByLabelText('Search')).toBeInTheDocument();
    expect(within(toolbar).getByLabelText('From')).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('clears every filter set with Clear filters, which waits for one to be set', async () => {
    const dataProvider = auditLog();
    renderAdmin('/admin/audit-log', dataProvider);
    await screen.findByText('cccc2222dddd3333');
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    expect(clear).toBeDisabled();
    const search = screen.getByLabelText('Search');
    fireEvent.change(search, { target: { value: 'cccc' } });
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'audit-log',
        expect.objectContaining({ filter: { q: 'cccc' } }),
      ),
    );
    await waitFor(() => expect(clear).toBeEnabled());
    fireEvent.click(clear);
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'audit-log',
        expect.objectContaining({ filter: {} }),
      ),
    );
    await waitFor(() => expect(search).toHaveValue(''));
    expect(clear).toBeDisabled();
  });

  it('offers the list’s own page size, 7, and 25, 50 and 100 rows a page', async () => {
    const dataProvider = auditLog();
    renderAdmin('/admin/audit-log', dataProvider);
    await screen.findByText('cccc2222dddd3333');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /rows per page/i }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['7', '25', '50', '100']);
    fireEvent.click(options[2]);
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'audit-log',
        expect.objectContaining({ pagination: { page: 1, perPage: 50 } }),
      ),
    );
  });
});
