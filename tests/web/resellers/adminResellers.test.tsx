// The admin's resellers: the list (columns, server-side paging, sort and filters, export, empty, loading and
// error), create with the server's rules and its field errors, edit sending only what it edits, and the actions
// that ask first (deactivate, a new promo code).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { columnHeaders, currentLocation, httpError, renderAs, testDataProvider } from './harness';

const RESELLERS = [
  {
    id: 'r-2',
    name: 'Beta Person',
    email: 'beta@resell.test',
    company_name: 'Beta Resale',
    url_token: 'K7M2QX9P',
    is_active: true,
    is_confirmed: false,
    companies_count: 3,
    created_on: '2026-03-02T15:04:00Z',
  },
  {
    id: 'r-1',
    name: 'Alpha Person',
    email: 'alpha@resell.test',
    company_name: 'Alpha Resale',
    url_token: 'AlphaCode_12345',
    is_active: false,
    is_confirmed: true,
    companies_count: 0,
    created_on: '2026-02-01T10:00:00Z',
  },
];

const listing = (overrides = {}) =>
  testDataProvider({ getList: async () => ({ data: RESELLERS, total: 12 }), ...overrides });

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the reseller list', () => {
  it('shows name, email, company, promo code, companies, active and created, 7 a page from the server', async () => {
    const dataProvider = listing();
    renderAs('admin', '/admin/resellers', dataProvider);
    expect(await screen.findByRole('heading', { level: 1, name: 'Resellers' })).toBeInTheDocument();
    expect(await screen.findByText('Beta Person')).toBeInTheDocument();
    expect(columnHeaders(screen)).toEqual([
      'Name',
      'Email',
      'Company',
      'Promo Code',
      'Companies',
      'Active',
      'Created',
      'Actions',
    ]);
    const beta = rowOf('Beta Person');
    // a short code grouped by four, an older code as issued
    expect(within(beta).getByText('K7M2-QX9P')).toBeInTheDocument();
    expect(within(rowOf('Alpha Person')).getByText('AlphaCode_12345')).toBeInTheDocument();
    expect(within(beta).getByText('Invitation pending')).toBeInTheDocument();
    expect(within(beta).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(within(rowOf('Alpha Person')).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'resellers',
      expect.objectContaining({
        pagination: { page: 1, perPage: 7 },
        sort: { field: 'created_on', order: 'DESC' },
      }),
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Reseller' })).toHaveAttribute(
      'href',
      '/admin/resellers/create',
    );
    // 12 rows on the server, 10 a page: a second page
    expect(screen.getByText('1-7 of 12')).toBeInTheDocument();
  });

  it('exports name, email, company, promo code, companies, active and created as CSV', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:resellers';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAs('admin', '/admin/resellers', listing());
    await screen.findByText('Beta Person');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const [head, first] = (await blobs[0].text()).split(/\r?\n/);
    expect(head).toBe('Name,Email,Company,Promo Code,Companies,Active,Created');
    expect(first).toMatch(/^Beta Person,beta@resell.test,Beta Resale,K7M2-QX9P,3,yes,/);
  });

  it('asks the server to sort and search', async () => {
    const dataProvider = listing();
    renderAs('admin', '/admin/resellers', dataProvider);
    await screen.findByText('Beta Person');
    fireEvent.click(screen.getByText('Companies', { selector: 'span' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'resellers',
        expect.objectContaining({ sort: expect.objectContaining({ field: 'companies_count' }) }),
      ),
    );
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'beta' } });
    await waitFor(
      () =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith(
          'resellers',
          expect.objectContaining({ filter: { q: 'beta' } }),
        ),
      { timeout: 2000 },
    );
  });

  it('says so when there are none', async () => {
    renderAs(
      'admin',
      '/admin/resellers',
      testDataProvider({ getList: async () => ({ data: [], total: 0 }) }),
    );
    expect(await screen.findByText('No resellers yet')).toBeInTheDocument();
  });

  it('shows the progress bar while loading, then the failure with its message and a Retry', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAs(
      'admin',
      '/admin/resellers',
      testDataProvider({
        getList: async () => {
          throw httpError(500, { message: 'boom' });
        },
      }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it('deactivates only after confirmation', async () => {
    const dataProvider = listing({
      update: async (_resource: string, params: { id: string; data: object }) => ({
        data: { ...RESELLERS[0], ...params.data },
      }),
    });
    renderAs('admin', '/admin/resellers', dataProvider);
    await screen.findByText('Beta Person');
    fireEvent.click(within(rowOf('Beta Person')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deactivate Beta Person?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.update).not.toHaveBeenCalled();

    fireEvent.click(within(rowOf('Beta Person')).getByRole('button', { name: 'Deactivate' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'resellers',
        expect.objectContaining({ id: 'r-2', data: { is_active: false } }),
      ),
    );
    expect(await screen.findByText('Reseller deactivated')).toBeInTheDocument();
  });

  it('gives a new promo code only after confirmation, naming the code that stops working', async () => {
    const rotateResellerCode = vi.fn(async () => ({ ...RESELLERS[0], url_token: 'HJ4K8N2W' }));
    renderAs('admin', '/admin/resellers', listing({ rotateResellerCode }));
    await screen.findByText('Beta Person');
    // a row shows two actions; the others are in its menu
    expect(within(rowOf('Beta Person')).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(
      within(rowOf('Beta Person'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Deactivate', '']);
    fireEvent.click(within(rowOf('Beta Person')).getByRole('button', { name: 'More actions: Beta Person' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'New promo code' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/K7M2-QX9P stop working at once/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'New promo code' }));
    await waitFor(() => expect(rotateResellerCode).toHaveBeenCalledWith('r-2'));
    expect(await screen.findByText('New promo code: HJ4K-8N2W')).toBeInTheDocument();
  });

  it('sends the invitation again to a reseller who has not chosen a password', async () => {
    const resendResellerInvitation = vi.fn(async () => ({ message: 'Invitation sent again' }));
    renderAs('admin', '/admin/resellers', listing({ resendResellerInvitation }));
    await screen.findByText('Beta Person');
    fireEvent.click(
      within(rowOf('Alpha Person')).getByRole('button', { name: 'More actions: Alpha Person' }),
    );
    expect(screen.queryByRole('menuitem', { name: 'Send invitation again' })).toBeNull();
    fireEvent.keyDown(await screen.findByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(within(rowOf('Beta Person')).getByRole('button', { name: 'More actions: Beta Person' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Send invitation again' }));
    await waitFor(() => expect(resendResellerInvitation).toHaveBeenCalledWith('r-2'));
    expect(await screen.findByText('Invitation sent again')).toBeInTheDocument();
  });
});

describe('creating a reseller', () => {
  it('checks the fields with the server’s rules before sending', async () => {
    const dataProvider = testDataProvider();
    renderAs('admin', '/admin/resellers/create', dataProvider);
    fireEvent.change(await screen.findByLabelText('Name *'), { target: { value: 'Nina' } });
    // a host without a top-level domain passes the browser's own check, not the portal's
    fireEvent.change(screen.getByLabelText('Email *'), { target: { value: 'nina@resell' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('email must be a valid email')).toBeInTheDocument();
    expect(screen.getByText('company name is a required field')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('sends name, email and company, tells the invitation went out and goes back to the list', async () => {
    const dataProvider = listing({
      create: async (_r: string, params: { data: object }) => ({
        data: { ...RESELLERS[0], ...params.data, id: 'r-9' },
      }),
    });
    renderAs('admin', '/admin/resellers/create', dataProvider);
    fireEvent.change(await screen.findByLabelText('Name *'), { target: { value: 'Nina New' } });
    fireEvent.change(screen.getByLabelText('Email *'), { target: { value: 'nina@resell.test' } });
    fireEvent.change(screen.getByLabelText('Company *'), { target: { value: 'Nina Resale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dataProvider.create).toHaveBeenCalledWith(
        'resellers',
        expect.objectContaining({
          data: { name: 'Nina New', email: 'nina@resell.test', company_name: 'Nina Resale' },
        }),
      ),
    );
    expect(
      await screen.findByText(
        'Reseller created. An invitation to choose a password was sent to nina@resell.test.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/admin/resellers'));
  });

  it('shows the server’s field error for a taken email', async () => {
    const dataProvider = testDataProvider({
      create: async () => {
        throw httpError(409, {
          message: 'This email already exist',
          errors: { email: 'This email already exist' },
        });
      },
    });
    renderAs('admin', '/admin/resellers/create', dataProvider);
    fireEvent.change(await screen.findByLabelText('Name *'), { target: { value: 'Nina New' } });
    fireEvent.change(screen.getByLabelText('Email *'), { target: { value: 'taken@resell.test' } });
    fireEvent.change(screen.getByLabelText('Company *'), { target: { value: 'Nina Resale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('This email already exist')).length).toBeGreaterThan(0);
    expect(currentLocation()).toBe('/admin/resellers/create');
  });
});

describe('editing a reseller', () => {
  it('sends only the name and company', async () => {
    const dataProvider = listing({
      getOne: async () => ({ data: RESELLERS[0] }),
      update: async (_r: string, params: { data: object }) => ({ data: { ...RESELLERS[0], ...params.data } }),
    });
    renderAs('admin', '/admin/resellers/r-2', dataProvider);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Reseller' })).toBeInTheDocument();
    const name = await screen.findByLabelText('Name *');
    await waitFor(() => expect(name).toHaveValue('Beta Person'));
    expect(screen.getByText('K7M2-QX9P')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Beta Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'resellers',
        expect.objectContaining({ id: 'r-2', data: { name: 'Beta Renamed', company_name: 'Beta Resale' } }),
      ),
    );
    expect(await screen.findByText('Reseller saved')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/admin/resellers'));
  });
});
