// The admin's dashboard: the figures as cards, the 12-month charts with their text alternative,
// loading, an error with Retry, and an empty portal. That /admin leads here: tests/web/guard.test.tsx.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../contract/dashboard';
import { httpError, renderAs, testDataProvider } from '../resellers/harness';

const MONTHS = [
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
];

const FIGURES: AdminDashboard = {
  active_providers: 1234,
  new_providers_this_month: 17,
  monthly_recurring_revenue: 45678.9,
  failed_payments_last_7_days: 3,
  certificates_issued_this_month: 42,
  certificates_expiring_in_30_days: 8,
  live_sti_scas: 5,
  live_delegates: 2345,
  months: MONTHS.map((month, i) => ({ month, revenue: i === 11 ? 1200 : i * 100, certificates_issued: i })),
};

const EMPTY: AdminDashboard = {
  active_providers: 0,
  new_providers_this_month: 0,
  monthly_recurring_revenue: 0,
  failed_payments_last_7_days: 0,
  certificates_issued_this_month: 0,
  certificates_expiring_in_30_days: 0,
  live_sti_scas: 0,
  live_delegates: 0,
  months: MONTHS.map((month) => ({ month, revenue: 0, certificates_issued: 0 })),
};

const figure = (key: keyof AdminDashboard) => screen.getByTestId(`figure-${key}`);

describe('the admin’s dashboard', () => {
  it('shows every figure as a card', async () => {
    renderAs('admin', '/admin/dashboard', testDataProvider({ getAdminDashboard: async () => FIGURES }));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(figure('active_providers')).toHaveTextContent('Active providers1,234'));
    expect(figure('new_providers_this_month')).toHaveTextContent('New this month17');
    expect(figure('monthly_recurring_revenue')).toHaveTextContent('Monthly recurring revenue$45,678.90');
    expect(figure('failed_payments_last_7_days')).toHaveTextContent('Failed payments (last 7 days)3');
    expect(figure('certificates_issued_this_month')).toHaveTextContent('Certificates issued this month42');
    expect(figure('certificates_expiring_in_30_days')).toHaveTextContent('Certificates expiring in 30 days8');
    expect(figure('live_sti_scas')).toHaveTextContent('STI-SCAs5');
    expect(figure('live_delegates')).toHaveTextContent('Delegate certificates2,345');
    expect(within(screen.getByRole('list', { name: 'Figures' })).getAllByRole('listitem')).toHaveLength(8);
  });

  it('draws the 12 months as two labelled charts, with the numbers in a table', async () => {
    renderAs('admin', '/admin/dashboard', testDataProvider({ getAdminDashboard: async () => FIGURES }));
    const revenue = await screen.findByRole('img', { name: /Revenue by month/ });
    expect(revenue).toHaveAccessibleName(
      'Revenue by month Bar chart of the payments received each month, from Jul 2025 to Jun 2026; highest $1,200.00.',
    );
    const certificates = screen.getByRole('img', { name: /Certificates issued by month/ });
    expect(within(revenue).getAllByTestId('chart-bar')).toHaveLength(12);
    expect(within(certificates).getAllByTestId('chart-bar')).toHaveLength(12);
    // the tallest bar is the highest month; a month with nothing has no height
    const heights = [...revenue.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[11]);
    expect(heights[0]).toBe(0);
    expect(revenue.querySelectorAll('rect')[11].querySelector('title')).toHaveTextContent(
      'Jun 2026: $1,200.00',
    );
    // each month's value over its bar (none over an empty month), and the value axis marked at its top and half
    const bars = within(revenue).getAllByTestId('chart-bar');
    expect(bars[11]).toHaveTextContent('$1.2K');
    expect(bars[0].querySelectorAll('text')).toHaveLength(1);
    expect(
      within(revenue)
        .getAllByTestId('chart-mark')
        .map((m) => m.textContent),
    ).toEqual(['$1.2K', '$600']);

    const table = screen.getByRole('table', { name: 'Revenue and certificates issued by month' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Revenue', 'Certificates issued']);
    expect(rows[1]).toHaveTextContent('Jul 2025$0.000');
    expect(rows[12]).toHaveTextContent('Jun 2026$1,200.0011');
  });

  it('says it is loading until the figures arrive', async () => {
    let answer: (f: AdminDashboard) => void = () => undefined;
    const pending = new Promise<AdminDashboard>((resolve) => (answer = resolve));
    renderAs('admin', '/admin/dashboard', testDataProvider({ getAdminDashboard: () => pending }));
    expect(await screen.findByRole('progressbar', { name: 'Loading the dashboard…' })).toBeInTheDocument();
    answer(FIGURES);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(figure('active_providers')).toHaveTextContent('1,234');
  });

  it('shows an error with Retry, which asks again', async () => {
    let calls = 0;
    const dataProvider = testDataProvider({
      getAdminDashboard: async () => {
        calls += 1;
        if (calls === 1) throw httpError(500, { message: 'Database unreachable' });
        return FIGURES;
      },
    });
    renderAs('admin', '/admin/dashboard', dataProvider);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The dashboard could not be loaded: Database unreachable');
    expect(screen.queryByTestId('figure-active_providers')).not.toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figure('active_providers')).toHaveTextContent('1,234'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(dataProvider.getAdminDashboard).toHaveBeenCalledTimes(2);
  });

  it('says so when the portal has nothing yet, without empty charts', async () => {
    renderAs('admin', '/admin/dashboard', testDataProvider({ getAdminDashboard: async () => EMPTY }));
    expect(
      await screen.findByText(
        'No providers, payments or certificates yet: the figures appear here as they come.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(figure('monthly_recurring_revenue')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
