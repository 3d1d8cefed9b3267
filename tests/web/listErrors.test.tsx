// Lists that tell the truth: a failed load shows the failure's message and a Retry in place of the
// rows, the pager and the progress bar; Retry reads the rows again and shows them. Below 960 px the rows stack.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminDataProvider, renderAdmin } from './admin/harness';
import { billingDataProvider, httpError, renderBilling } from './billing/harness';
import { CERTIFICATES, KEYS, certificatesDataProvider, renderCertificates } from './certificates/harness';
import { stubPhoneWidth } from './public/harness';

const PAYMENTS = [
  { id: 'p1', amount: '100.00', transaction_id: 'pi_first', created_on: '2026-02-01T10:00:00Z' },
];

const INVOICES = [
  {
    id: 'inv-1',
    invoice_number: 'INV-0001',
    amount: 100,
    created_on: '2026-02-01T10:00:00Z',
    start_billing_cycle: '2026-02-01T00:00:00Z',
    end_billing_cycle: '2026-03-01T00:00:00Z',
    invoice_path: '/api/service_provider/invoices/inv-1/file',
  },
];

const ADMIN_PAYMENT = {
  id: 'ap1',
  service_provider_uuid: 'sp-9',
  company_name: 'Carrier Nine',
  ocn: '999A',
  amount: 100,
  transaction_id: 'tx_nine',
  created_on: '2026-02-01T10:00:00Z',
};

/** The failures a list may meet: the server's 500 with its message, and fetch's own network TypeError. */
const FAILURES = [
  [
    'a 500 with its message',
    () => httpError(500, { message: 'Database unavailable' }),
    'Database unavailable',
  ],
  ['a network error', () => new TypeError('Failed to fetch'), 'Failed to fetch'],
] as const;

/** A call that fails once, then answers. */
function failingOnce<T>(failure: () => Error, answer: T) {
  let calls = 0;
  return vi.fn(async () => {
    calls += 1;
    if (calls === 1) throw failure();
    return answer;
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The first render of a page imports it: more than findBy's one second on a busy machine. */
const SLOW = { timeout: 5000 };

async function expectErrorThenRetry(message: string, getList: ReturnType<typeof vi.fn>, row: string) {
  const alert = await screen.findByRole('alert', {}, SLOW);
  expect(alert).toHaveTextContent(message);
  // nothing claims rows that are not there, nor that they are still coming
  expect(screen.queryByRole('progressbar', { name: 'Loading…' })).not.toBeInTheDocument();
  expect(screen.queryByText(/\d+-\d+ of \d+/)).not.toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(getList).toHaveBeenCalledTimes(1);
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText(row, {}, SLOW)).toBeInTheDocument();
  expect(getList).toHaveBeenCalledTimes(2);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

describe.each(FAILURES)('a list whose load fails with %s', (_, failure, message) => {
  it('payments (the provider’s list) show the message and a Retry that brings the rows', async () => {
    const getList = failingOnce(failure, { data: PAYMENTS, total: 1 });
    renderBilling('/payment-listing', { dataProvider: billingDataProvider({ getList }) });
    await expectErrorThenRetry(message, getList, 'pi_first');
  });

  it('invoices show the message and a Retry that brings the rows', async () => {
    const getList = failingOnce(failure, { data: INVOICES, total: 1 });
    renderBilling('/invoice-listing', { dataProvider: billingDataProvider({ getList }) });
    await expectErrorThenRetry(message, getList, 'INV-0001');
  });

  it('the admin’s payments show the message and a Retry that brings the rows', async () => {
    const getList = failingOnce(failure, { data: [ADMIN_PAYMENT], total: 1 });
    renderAdmin('/admin/payment', adminDataProvider({ getList }));
    await expectErrorThenRetry(message, getList, 'tx_nine');
  });

  it('the certificate page shows the message and a Retry that brings the certificates', async () => {
    const lastCertificates = failingOnce(failure, CERTIFICATES);
    renderCertificates('/sti-certificate/certificate', {
      dataProvider: certificatesDataProvider({ lastCertificates }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.queryByRole('progressbar', { name: 'Loading…' })).not.toBeInTheDocument();
    expect(screen.queryByText('No Data Found')).not.toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('certificate-row')).toHaveLength(CERTIFICATES.length);
    expect(lastCertificates).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the private keys show the message and a Retry that brings the keys', async () => {
    const listPrivateKeys = failingOnce(failure, { total: KEYS.length, data: KEYS });
    renderCertificates('/sti-certificate/private-key', {
      dataProvider: certificatesDataProvider({ listPrivateKeys }),
    });
    // the key calls' failures also toast: the page's own alert is the one with the Retry
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent(message);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(retry);
    expect(await screen.findByText(KEYS[0].priv_key_uuid)).toBeInTheDocument();
    expect(listPrivateKeys).toHaveBeenCalledTimes(2);
  });
});

describe('a provider’s rows on its details page', () => {
  it('show a failed part with its message and a Retry that reads that part again', async () => {
    const providerRows = failingOnce(() => httpError(500, { message: 'Rows unavailable' }), {
      data: [],
      total: 0,
    });
    renderAdmin('/admin/service-provider-details/sp-1', adminDataProvider({ providerRows }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Rows unavailable');
    const calls = providerRows.mock.calls.length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(providerRows).toHaveBeenCalledTimes(calls + 1);
  });
});

describe('below 960 px', () => {
  it('a list stacks each record as labelled lines in place of the table', async () => {
    stubPhoneWidth();
    const getList = vi.fn(async () => ({ data: PAYMENTS, total: 1 }));
    renderBilling('/payment-listing', { dataProvider: billingDataProvider({ getList }) });
    const [row] = await screen.findAllByTestId('stacked-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const terms = within(row)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Time', 'For', 'Transaction ID', 'Amount']);
    expect(within(row).getByText('pi_first')).toBeInTheDocument();
    expect(within(row).getByText('$100.00')).toBeInTheDocument();
  });

  it('Contact Us is an icon link with its name', async () => {
    stubPhoneWidth();
    const { ContactUsButton } = await import('../../src/layout/ContactUsButton');
    renderBilling('/x', { pages: { '/x': <ContactUsButton /> } });
    const link = await screen.findByRole('link', { name: 'Contact Us (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).not.toHaveTextContent('Contact Us');
  });
});
