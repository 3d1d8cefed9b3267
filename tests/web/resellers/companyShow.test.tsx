// One of the reseller's companies (/reseller/sp/{uuid}): opened from the companies list by its name, it shows the
// company, its contact and subscription, and its payments (the reseller's payments filtered by the company, paged
// by the server); a company that is not the reseller's (404) or an id that is no uuid is "not found".
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPhoneWidth } from '../public/harness';
import { currentLocation, httpError, renderAs, testDataProvider } from './harness';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

const COMPANY = {
  id: ID,
  company_name: 'Active Telecom',
  ocn: '901A',
  email: 'ops@active.test',
  status: 'active',
  subscription_expired_on: '2027-01-15T00:00:00Z',
  created_on: '2026-01-10T00:00:00Z',
  first_name: 'Ada',
  last_name: 'Active',
  phone_number: '+1 201 555 0100',
  city: 'Newark',
  state: 'NJ',
};

const payment = (n: number) => ({
  id: `p-${n}`,
  amount: 100 * n,
  transaction_id: `pi_${n}`,
  for: `Extension, ${n} months`,
  created_on: `2026-0${n}-02T15:04:00Z`,
  service_provider_uuid: ID,
  company_name: 'Active Telecom',
});

// the pages are lazy chunks: their first render may take a while on a busy machine
const SLOW = { timeout: 5000 };

/** The value shown under a label of the page's fields (react-admin's Labeled). */
const definition = (label: string) => screen.getByText(label).closest('.ra-field') as HTMLElement;

describe('a company of the reseller', () => {
  it('is opened from the companies list by its name', async () => {
    const dataProvider = testDataProvider({
      getList: async () => ({ data: [COMPANY], total: 1 }),
      getOne: async () => ({ data: COMPANY }),
    });
    renderAs('reseller', '/reseller/sp', dataProvider);
    fireEvent.click(await screen.findByRole('link', { name: 'Active Telecom' }, SLOW));
    await waitFor(() => expect(currentLocation()).toBe(`/reseller/sp/${ID}`));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Active Telecom' }, SLOW),
    ).toBeInTheDocument();
  });

  it('shows the company, its contact, status, expiry and created, and its payments', async () => {
    const dataProvider = testDataProvider({
      getOne: async () => ({ data: COMPANY }),
      getManyReference: async () => ({ data: [payment(2), payment(1)], total: 9 }),
    });
    renderAs('reseller', `/reseller/sp/${ID}`, dataProvider);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Active Telecom' }, SLOW),
    ).toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledWith(
      'reseller-companies',
      expect.objectContaining({ id: ID }),
    );
    expect(definition('Company')).toHaveTextContent('Active Telecom');
    expect(definition('OCN')).toHaveTextContent('901A');
    expect(definition('Email')).toHaveTextContent('ops@active.test');
    expect(definition('Contact Name')).toHaveTextContent('Ada Active');
    expect(definition('Phone Number')).toHaveTextContent('+1 (201) 555-0100');
    expect(definition('Status')).toHaveTextContent('Active');
    expect(definition('Expiry')).toHaveTextContent('1/15/2027');
    expect(definition('Created')).toHaveTextContent('2026');
    expect(screen.getByRole('link', { name: 'Back to Companies' })).toHaveAttribute('href', '/reseller/sp');

    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(await within(payments).findByText('pi_2')).toBeInTheDocument();
    expect(within(payments).getByText('$200.00')).toBeInTheDocument();
    expect(within(payments).getByText('Extension, 2 months')).toBeInTheDocument();
    expect(
      within(payments)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'For', 'Transaction ID', 'Amount']);
    expect(dataProvider.getManyReference).toHaveBeenCalledWith(
      'reseller-payments',
      expect.objectContaining({
        target: 'service_provider_uuid',
        id: ID,
        pagination: { page: 1, perPage: 7 },
        sort: { field: 'created_on', order: 'DESC' },
      }),
    );
    // the next page comes from the server
    fireEvent.click(within(payments).getByRole('button', { name: /next page/i }));
    await waitFor(() =>
      expect(dataProvider.getManyReference).toHaveBeenLastCalledWith(
        'reseller-payments',
        expect.objectContaining({ pagination: { page: 2, perPage: 7 } }),
      ),
    );
  });

  it('reads more payments a page when asked, and sorts them on the server', async () => {
    const dataProvider = testDataProvider({
      getOne: async () => ({ data: COMPANY }),
      getManyReference: async () => ({ data: [payment(2), payment(1)], total: 9 }),
    });
    renderAs('reseller', `/reseller/sp/${ID}`, dataProvider);
    const payments = await screen.findByRole('region', { name: 'Payments' }, SLOW);
    await within(payments).findByText('pi_2');
    fireEvent.mouseDown(within(payments).getByRole('combobox'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '7',
      '25',
      '50',
      '100',
    ]);
    fireEvent.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() =>
      expect(dataProvider.getManyReference).toHaveBeenLastCalledWith(
        'reseller-payments',
        expect.objectContaining({ pagination: { page: 1, perPage: 25 } }),
      ),
    );
    fireEvent.click(within(payments).getByRole('button', { name: /sort by amount/i }));
    await waitFor(() =>
      expect(dataProvider.getManyReference).toHaveBeenLastCalledWith(
        'reseller-payments',
        expect.objectContaining({ sort: { field: 'amount', order: 'ASC' } }),
      ),
    );
  });

  it('shows a failed read of the payments with its message and a Retry', async () => {
    let calls = 0;
    const dataProvider = testDataProvider({
      getOne: async () => ({ data: COMPANY }),
      getManyReference: async () => {
        calls += 1;
        if (calls === 1) throw httpError(500, { message: 'Payments unavailable' });
        return { data: [payment(1)], total: 1 };
      },
    });
    renderAs('reseller', `/reseller/sp/${ID}`, dataProvider);
    const payments = await screen.findByRole('region', { name: 'Payments' }, SLOW);
    const alert = await within(payments).findByRole('alert');
    expect(alert).toHaveTextContent('Payments unavailable');
    expect(within(payments).queryByRole('button', { name: /next page/i })).not.toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(payments).findByText('pi_1')).toBeInTheDocument();
  });

  it('stacks the payments on a phone, the amount on a line of its own', async () => {
    stubPhoneWidth();
    renderAs(
      'reseller',
      `/reseller/sp/${ID}`,
      testDataProvider({
        getOne: async () => ({ data: COMPANY }),
        getManyReference: async () => ({ data: [payment(1)], total: 1 }),
      }),
    );
    const payments = await screen.findByRole('region', { name: 'Payments' }, SLOW);
    const [row] = await within(payments).findAllByTestId('stacked-row');
    expect(within(payments).queryByRole('table')).not.toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Time', 'For', 'Transaction ID', 'Amount']);
    expect(within(row).getByText('$100.00')).toBeInTheDocument();
  });

  it('says when the company has no payments yet', async () => {
    renderAs(
      'reseller',
      `/reseller/sp/${ID}`,
      testDataProvider({
        getOne: async () => ({ data: { ...COMPANY, subscription_expired_on: null } }),
        getManyReference: async () => ({ data: [], total: 0 }),
      }),
    );
    const payments = await screen.findByRole('region', { name: 'Payments' }, SLOW);
    expect(await within(payments).findByText('No Data Found')).toBeInTheDocument();
    expect(definition('Expiry')).toHaveTextContent(/^Expiry$/);
  });

  it('is "not found" for another reseller’s company (404), without retrying', async () => {
    const dataProvider = testDataProvider({
      getOne: async () => Promise.reject(httpError(404, { message: 'Company not found' })),
    });
    renderAs('reseller', `/reseller/sp/${ID}`, dataProvider);
    expect(await screen.findByText('This company could not be found.', {}, SLOW)).toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledTimes(1);
    expect(dataProvider.getManyReference).not.toHaveBeenCalled();
  });

  it('is "not found" for a path that names no company, without asking the server', async () => {
    const dataProvider = testDataProvider();
    renderAs('reseller', '/reseller/sp/invite', dataProvider);
    expect(await screen.findByText('This company could not be found.', {}, SLOW)).toBeInTheDocument();
    expect(dataProvider.getOne).not.toHaveBeenCalled();
  });

  it('is not a page of the other roles', async () => {
    renderAs('admin', `/reseller/sp/${ID}`, testDataProvider());
    expect(await screen.findByText('elsewhere', {}, SLOW)).toBeInTheDocument();
  });
});
