// The reseller's screens: its companies with the promo code that copies the sign-up link, the invitation page
// with the invitations sent, its payments with the company name; and the invitation's password page.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  PROMO_CODE,
  PROMO_CODE_SHOWN,
  columnHeaders,
  currentLocation,
  httpError,
  renderAs,
  testDataProvider,
} from './harness';

const COMPANIES = [
  {
    id: 'sp-2',
    company_name: 'Waiting Telecom',
    ocn: '902A',
    email: 'ops@waiting.test',
    status: 'awaiting_payment',
    subscription_expired_on: null,
    created_on: '2026-03-02T15:04:00Z',
  },
  {
    id: 'sp-1',
    company_name: 'Active Telecom',
    ocn: '901A',
    email: 'ops@active.test',
    status: 'active',
    subscription_expired_on: '2027-01-15T00:00:00Z',
    created_on: '2026-01-10T00:00:00Z',
  },
];

const INVITES = [
  {
    id: 'i-2',
    email: 'new@carrier.test',
    company_name: 'New Carrier',
    first_name: null,
    last_name: null,
    status: 'sent',
    sent_count: 2,
    sent_on: '2026-03-02T15:04:00Z',
    created_on: '2026-03-01T15:04:00Z',
  },
  {
    id: 'i-1',
    email: 'done@carrier.test',
    company_name: null,
    first_name: null,
    last_name: null,
    status: 'registered',
    sent_count: 1,
    sent_on: '2026-02-02T15:04:00Z',
    created_on: '2026-02-02T15:04:00Z',
  },
];

const PAYMENTS = [
  {
    id: 'p-2',
    amount: 500,
    transaction_id: 'pi_second',
    created_on: '2026-03-02T15:04:00Z',
    service_provider_uuid: 'sp-1',
    company_name: 'Active Telecom',
    for: 'Yearly plan, 3/2/2026 – 3/2/2027',
  },
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the reseller’s companies', () => {
  it('lists company, OCN, email, status, expiry and created, 7 a page from the server', async () => {
    const dataProvider = testDataProvider({ getList: async () => ({ data: COMPANIES, total: 2 }) });
    renderAs('reseller', '/reseller/sp', dataProvider);
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    expect(await screen.findByText('Active Telecom')).toBeInTheDocument();
    expect(columnHeaders(screen)).toEqual(['Company', 'OCN', 'Email', 'Status', 'Expiry', 'Created']);
    expect(within(rowOf('Active Telecom')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('Active Telecom')).getByText('1/15/2027')).toBeInTheDocument();
    expect(within(rowOf('Waiting Telecom')).getByText('Awaiting payment')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'reseller-companies',
      expect.objectContaining({
        pagination: { page: 1, perPage: 7 },
        sort: { field: 'created_on', order: 'DESC' },
      }),
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invite a Company' })).toHaveAttribute(
      'href',
      '/reseller/sp-invite',
    );
  });

  it('filters by status and search on the server', async () => {
    const dataProvider = testDataProvider({ getList: async () => ({ data: COMPANIES, total: 2 }) });
    renderAs('reseller', '/reseller/sp', dataProvider);
    await screen.findByText('Active Telecom');
    fireEvent.change(screen.getByLabelText('Search company, OCN or email'), { target: { value: '901' } });
    await waitFor(
      () =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith(
          'reseller-companies',
          expect.objectContaining({ filter: { q: '901' } }),
        ),
      { timeout: 2000 },
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Past due' }));
    await waitFor(
      () =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith(
          'reseller-companies',
          expect.objectContaining({ filter: { q: '901', status: 'past_due' } }),
        ),
      { timeout: 2000 },
    );
  });

  it('copies the sign-up link of its promo code', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAs('reseller', '/reseller/sp', testDataProvider({ getList: async () => ({ data: [], total: 0 }) }));
    expect(await screen.findByTestId('promo-code')).toHaveTextContent(PROMO_CODE_SHOWN);
    fireEvent.click(screen.getByRole('button', { name: 'Copy sign-up link' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?rc=${PROMO_CODE}`),
    );
    expect(await screen.findByText('Promo code copied')).toBeInTheDocument();
  });

  it('tells a clipboard failure in a toast', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async () => Promise.reject(new Error('Denied')) },
    });
    renderAs('reseller', '/reseller/sp', testDataProvider({ getList: async () => ({ data: [], total: 0 }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy sign-up link' }));
    expect(await screen.findByText('Denied')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    renderAs('reseller', '/reseller/sp', testDataProvider({ getList: async () => ({ data: [], total: 0 }) }));
    expect(await screen.findByText('No companies yet')).toBeInTheDocument();
  });

  it('shows a failed load with its message and a Retry in place of the progress bar', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAs(
      'reseller',
      '/reseller/sp',
      testDataProvider({
        getList: async () => {
          throw httpError(500, { message: 'boom' });
        },
      }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading…' })).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('inviting a company', () => {
  const invitesProvider = (overrides = {}) =>
    testDataProvider({ getList: async () => ({ data: INVITES, total: 2 }), ...overrides });

  it('lists the invitations, sent or registered', async () => {
    const dataProvider = invitesProvider();
    renderAs('reseller', '/reseller/sp-invite', dataProvider);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite a Company' })).toBeInTheDocument();
    expect(await screen.findByText('new@carrier.test')).toBeInTheDocument();
    expect(columnHeaders(screen)).toEqual(['Email', 'Company', 'Status', 'Mails Sent', 'Sent On']);
    expect(within(rowOf('new@carrier.test')).getByText('Sent')).toBeInTheDocument();
    expect(within(rowOf('done@carrier.test')).getByText('Registered')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'reseller-invites',
      expect.objectContaining({
        pagination: { page: 1, perPage: 7 },
        sort: { field: 'sent_on', order: 'DESC' },
      }),
    );
    expect(screen.getByTestId('promo-code')).toHaveTextContent(PROMO_CODE_SHOWN);
  });

  it('checks the email, sends the invitation and empties the form', async () => {
    const dataProvider = invitesProvider({
      create: async (_r: string, params: { data: object }) => ({
        data: { ...INVITES[0], ...params.data, id: 'i-9' },
      }),
    });
    renderAs('reseller', '/reseller/sp-invite', dataProvider);
    const form = await screen.findByRole('form', { name: 'Invite a Company' });
    const email = within(form).getByLabelText(/Email/);
    fireEvent.change(email, { target: { value: 'wrong' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('email must be a valid email')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'fresh@carrier.test' } });
    fireEvent.change(within(form).getByLabelText(/Company/), { target: { value: 'Fresh Carrier' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(dataProvider.create).toHaveBeenCalledWith(
        'reseller-invites',
        expect.objectContaining({ data: { email: 'fresh@carrier.test', company_name: 'Fresh Carrier' } }),
      ),
    );
    expect(await screen.findByText('Invitation sent to fresh@carrier.test')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveValue(''));
  });

  it('sends one invitation when Send invitation is clicked twice', async () => {
    const dataProvider = invitesProvider({
      create: async (_r: string, params: { data: object }) => ({
        data: { ...INVITES[0], ...params.data, id: 'i-9' },
      }),
    });
    renderAs('reseller', '/reseller/sp-invite', dataProvider);
    const form = await screen.findByRole('form', { name: 'Invite a Company' });
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: 'fresh@carrier.test' } });
    const send = within(form).getByRole('button', { name: 'Send invitation' });
    fireEvent.click(send);
    // the second click comes while the address is still being checked
    fireEvent.click(send);
    expect(send).toBeDisabled();
    expect(await screen.findByText('Invitation sent to fresh@carrier.test')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal of a registered address on the email field', async () => {
    const dataProvider = invitesProvider({
      create: async () => {
        throw httpError(409, {
          message: 'This email already exist',
          errors: { email: 'This email already exist' },
        });
      },
    });
    renderAs('reseller', '/reseller/sp-invite', dataProvider);
    const form = await screen.findByRole('form', { name: 'Invite a Company' });
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: 'taken@carrier.test' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('This email already exist')).toBeInTheDocument();
  });

  it('says so when no invitation was sent yet', async () => {
    renderAs(
      'reseller',
      '/reseller/sp-invite',
      testDataProvider({ getList: async () => ({ data: [], total: 0 }) }),
    );
    expect(await screen.findByText('No invitations yet')).toBeInTheDocument();
  });
});

describe('the reseller’s payments', () => {
  it('shows Time, Company, For, Transaction ID and Amount, 7 a page, newest first', async () => {
    const dataProvider = testDataProvider({ getList: async () => ({ data: PAYMENTS, total: 1 }) });
    renderAs('reseller', '/reseller/payment-listing', dataProvider);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Listing' })).toBeInTheDocument();
    expect(await screen.findByText('pi_second')).toBeInTheDocument();
    expect(columnHeaders(screen)).toEqual(['Time', 'Company', 'For', 'Transaction ID', 'Amount']);
    expect(screen.getByText('Active Telecom')).toBeInTheDocument();
    expect(screen.getByText('Yearly plan, 3/2/2026 – 3/2/2027')).toBeInTheDocument();
    expect(screen.getByText('$500.00')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'reseller-payments',
      expect.objectContaining({
        pagination: { page: 1, perPage: 7 },
        sort: { field: 'created_on', order: 'DESC' },
      }),
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('exports the rows of the filter as CSV with the company name', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:payments';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const dataProvider = testDataProvider({ getList: async () => ({ data: PAYMENTS, total: 1 }) });
    renderAs('reseller', '/reseller/payment-listing', dataProvider);
    await screen.findByText('pi_second');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const csv = await blobs[0].text();
    expect(csv.split(/\r?\n/)[0]).toBe('Time,Company,For,Transaction ID,Amount');
    expect(csv).toContain('Active Telecom,"Yearly plan, 3/2/2026 – 3/2/2027",pi_second,$500.00');
  });

  it("says 'No Data Found' when there are none", async () => {
    renderAs(
      'reseller',
      '/reseller/payment-listing',
      testDataProvider({ getList: async () => ({ data: [], total: 0 }) }),
    );
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });
});

describe('the invitation’s password page', () => {
  for (const path of ['/accept-invite?token=tok123', '/reset-password?token=tok123&invite=1']) {
    it(`sets the password through the invitation at ${path.split('?')[0]}`, async () => {
      const acceptInvitation = vi.fn(async () => ({ message: 'ok' }));
      const dataProvider = testDataProvider({ acceptInvitation });
      renderAs('reseller', path, dataProvider);
      expect(await screen.findByText('Choose your password')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret-pass' } });
      fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'secret-pass' } });
      fireEvent.click(screen.getByRole('button', { name: 'Set password and Log In' }));
      await waitFor(() =>
        expect(acceptInvitation).toHaveBeenCalledWith({
          token: 'tok123',
          password: 'secret-pass',
          password_extra: 'secret-pass',
        }),
      );
      expect(dataProvider.setNewPassword).not.toHaveBeenCalled();
      await waitFor(() => expect(currentLocation()).toBe('/login?notice=password_set'));
    });
  }
});
