// The admin's home: the portal's figures as cards and the last 12 months of revenue and issued
// certificates as two bar charts, with the same numbers in a table for screen readers. Loading, error with
// Retry, and an empty portal each say so.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AdminDashboard as Figures } from '../../../contract/dashboard';
import type { PortalDataProvider } from '../../dataProvider';
import { countText, moneyText, monthText, shortCountText, shortMoneyText } from './format';
import { MonthlyChart } from './MonthlyChart';

export const DASHBOARD_QUERY_KEY = ['admin-dashboard'] as const;

type FigureKey = Exclude<keyof Figures, 'months'>;

/** The cards, in order, and how each figure is written. */
const CARDS: readonly [FigureKey, (n: number) => string][] = [
  ['active_providers', countText],
  ['new_providers_this_month', countText],
  ['monthly_recurring_revenue', moneyText],
  ['failed_payments_last_7_days', countText],
  ['certificates_issued_this_month', countText],
  ['certificates_expiring_in_30_days', countText],
  ['live_sti_scas', countText],
  ['live_delegates', countText],
];

// placed at the left, so that its static position (after the charts) cannot widen the page; its size in px
// (a bare 1 in `sx` is 100%: a box as tall as the page, from below the charts, left 1,200 px of blank scroll)
const visuallyHidden = {
  position: 'absolute',
  left: 0,
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function isEmptyDashboard(f: Figures): boolean {
  return (
    CARDS.every(([key]) => f[key] === 0) &&
    f.months.every((m) => m.revenue === 0 && m.certificates_issued === 0)
  );
}

export default function AdminDashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  // a failure is shown at once, with Retry: no silent retries (as the app's query client)
  const query = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: () => dataProvider.getAdminDashboard(),
    retry: false,
  });
  return (
    <Box sx={{ p: 2 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {translate('portal.dashboard.title')}
      </Typography>
      {query.isPending ? (
        <>
          <LinearProgress aria-label={translate('portal.dashboard.loading')} />
          <Typography sx={{ mt: 1 }}>{translate('portal.dashboard.loading')}</Typography>
        </>
      ) : null}
      {query.error ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              {translate('portal.dashboard.retry')}
            </Button>
          }
        >
          {translate('portal.dashboard.failed', { message: (query.error as Error).message })}
        </Alert>
      ) : null}
      {query.data ? <DashboardContent figures={query.data} /> : null}
    </Box>
  );
}

function DashboardContent({ figures }: { figures: Figures }) {
  const translate = useTranslate();
  const empty = isEmptyDashboard(figures);
  return (
    <>
      <Box
        component="ul"
        aria-label={translate('portal.dashboard.figures')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        }}
      >
        {CARDS.map(([key, write]) => (
          <Card component="li" key={key} variant="outlined" data-testid={`figure-${key}`}>
            <CardContent>
              <Typography color="text.secondary" variant="body2">
                {translate(`portal.dashboard.${key}`)}
              </Typography>
              <Typography variant="h5" component="p">
                {write(figures[key])}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      {empty ? (
        <Typography sx={{ mt: 3 }} role="status">
          {translate('portal.dashboard.empty')}
        </Typography>
      ) : (
        <MonthsSection figures={figures} />
      )}
    </>
  );
}

function MonthsSection({ figures }: { figures: Figures }) {
  const translate = useTranslate();
  const months = figures.months;
  const range = { from: monthText(months[0]?.month ?? ''), to: monthText(months.at(-1)?.month ?? '') };
  const revenue = months.map((m) => ({
    label: monthText(m.month),
    value: m.revenue,
    text: moneyText(m.revenue),
    short: shortMoneyText(m.revenue),
  }));
  const issued = months.map((m) => ({
    label: monthText(m.month),
    value: m.certificates_issued,
    text: countText(m.certificates_issued),
    short: shortCountText(m.certificates_issued),
  }));
  const maxRevenue = Math.max(0, ...months.map((m) => m.revenue));
  const maxIssued = Math.max(0, ...months.map((m) => m.certificates_issued));
  return (
    <Box component="section" aria-labelledby="dashboard-months" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" id="dashboard-months" gutterBottom>
        {translate('portal.dashboard.chart_title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        <MonthlyChart
          title={translate('portal.dashboard.revenue_chart')}
          description={translate('portal.dashboard.revenue_desc', { ...range, max: moneyText(maxRevenue) })}
          points={revenue}
          color="#1976d2"
          axisText={shortMoneyText}
        />
        <MonthlyChart
          title={translate('portal.dashboard.certificates_chart')}
          description={translate('portal.dashboard.certificates_desc', {
            ...range,
            max: countText(maxIssued),
          })}
          points={issued}
          color="#2e7d32"
          axisText={shortCountText}
        />
      </Box>
      {/* a table sizes itself to its cells whatever its width: the hidden box around it clips it */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{translate('portal.dashboard.table_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{translate('portal.dashboard.month')}</th>
              <th scope="col">{translate('portal.dashboard.revenue')}</th>
              <th scope="col">{translate('portal.dashboard.certificates_issued')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthText(m.month)}</th>
                <td>{moneyText(m.revenue)}</td>
                <td>{countText(m.certificates_issued)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
