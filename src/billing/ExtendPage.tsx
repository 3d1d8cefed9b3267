// /account/extend (SPEC.md §2): 'How many year you would like to extend?', a count, a period (Years or Month)
// and 'Pay Now'.
//
// The original form made no call. Here Pay Now starts a real extension checkout, and the server's extension
// pays exactly one period (POST /api/payment/subscription/extend takes only the interval): so one checkout
// is started for one period of the chosen kind. The count and the total (count × $100 or count × $500) are
// shown as information only, with a note that each payment extends by one period; we do not chain several
// checkouts or pretend to charge a total the server does not bill.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { PRICES, type RecurringInterval } from '../../contract/constants';
import { MainButton } from '../components/MainButton';
import { BackToSummary } from './BackToSummary';
import { useStartExtension } from './ExtendDialog';

export const EXTEND_COUNT_MIN = 1;
export const EXTEND_COUNT_MAX = 10;

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

export function ExtendPage() {
  const translate = useTranslate();
  const start = useStartExtension();
  const [count, setCount] = useState(1);
  const [period, setPeriod] = useState<RecurringInterval>('year');
  const [busy, setBusy] = useState(false);
  const price = PRICES[period];
  const title = translate('portal.account.extend_title');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const leaving = await start(period);
    if (!leaving) setBusy(false);
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <BackToSummary />
      <Card component="section" aria-labelledby="extend-title" sx={{ maxWidth: 560 }}>
        <CardContent>
          <Typography component="h1" variant="h5" id="extend-title" gutterBottom>
            {title}
          </Typography>
          <Box component="form" noValidate onSubmit={submit} aria-labelledby="extend-title">
            <Typography sx={{ mb: 1 }}>{translate('portal.account.extend_question')}</Typography>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextField
                type="number"
                label={translate('portal.account.count')}
                value={count}
                onChange={(event) => {
                  const n = Math.trunc(Number(event.target.value));
                  if (Number.isFinite(n)) setCount(Math.min(EXTEND_COUNT_MAX, Math.max(EXTEND_COUNT_MIN, n)));
                }}
                slotProps={{ htmlInput: { min: EXTEND_COUNT_MIN, max: EXTEND_COUNT_MAX, step: 1 } }}
                margin="dense"
                sx={{ width: 120 }}
              />
              <TextField
                select
                label={translate('portal.account.period')}
                value={period}
                onChange={(event) => setPeriod(event.target.value as RecurringInterval)}
                margin="dense"
                sx={{ minWidth: 140 }}
              >
                <MenuItem value="year">{translate('portal.account.years')}</MenuItem>
                <MenuItem value="month">{translate('portal.account.month')}</MenuItem>
              </TextField>
            </Box>
            <Typography sx={{ mt: 2 }} data-testid="extend-price">
              {translate('portal.account.price')}: {dollars(price)}
            </Typography>
            <Typography color="text.secondary" data-testid="extend-total">
              {translate('portal.account.total', { amount: dollars(price * count) })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('portal.account.extend_note')}
            </Typography>
            <MainButton type="submit" loading={busy}>
              {translate('portal.account.pay_now')}
            </MainButton>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

export default ExtendPage;
