// /account/extend (docs/screens.md, Extend): 'How long would you like to extend your service?', a count, a
// period (Years or Months) and 'Pay Now'.
//
// The original form made no call. Here Pay Now starts one extension checkout for the count: the server charges
// count × the period's price and, once paid, moves the expiry by count periods. So the total shown is exactly
// what the payment page asks for, and a count the server would refuse (outside 1..10, not whole) is shown as an
// error here and never sent.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { EXTEND_COUNT, EXTEND_COUNT_MESSAGE, extendTotal, isExtendCount } from '../../contract/billing';
import { PRICES, type RecurringInterval } from '../../contract/constants';
import { moneyText } from '../../contract/format';
import { MainButton } from '../components/MainButton';
import { BackToSummary } from './BackToSummary';
import { useStartExtension } from './ExtendDialog';

const dollars = (amount: number) => moneyText(amount);

/** The count as typed → the number the server takes, or null: only whole numbers, no exponent or decimals. */
export function extendCountOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return isExtendCount(count) ? count : null;
}

/** What Pay Now will charge, and for how long; nothing while the count is not one the server takes. */
function ExtendTotal({ period, count }: { period: RecurringInterval; count: number | null }) {
  const translate = useTranslate();
  if (count === null) return null;
  const length = translate(period === 'year' ? 'portal.account.years_count' : 'portal.account.months_count', {
    smart_count: count,
  });
  return (
    <>
      <Typography color="text.secondary" data-testid="extend-total">
        {translate('portal.account.total', { amount: dollars(extendTotal(period, count)) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('portal.account.extend_note', { length })}
      </Typography>
    </>
  );
}

export function ExtendPage() {
  const translate = useTranslate();
  const start = useStartExtension();
  // kept as typed: a count of 0 or -2 stays on screen with its error instead of quietly becoming 1
  const [countText, setCountText] = useState(String(EXTEND_COUNT.min));
  const [period, setPeriod] = useState<RecurringInterval>('year');
  const [busy, setBusy] = useState(false);
  const count = extendCountOf(countText);
  const title = translate('portal.account.extend_title');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (count === null) return;
    setBusy(true);
    const leaving = await start(period, count);
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
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <TextField
                type="number"
                label={translate('portal.account.count')}
                value={countText}
                onChange={(event) => setCountText(event.target.value)}
                error={count === null}
                helperText={count === null ? EXTEND_COUNT_MESSAGE : ' '}
                slotProps={{ htmlInput: { min: EXTEND_COUNT.min, max: EXTEND_COUNT.max, step: 1 } }}
                margin="dense"
                sx={{ width: 200 }}
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
              {translate('portal.account.price')}: {dollars(PRICES[period])}
            </Typography>
            <ExtendTotal period={period} count={count} />
            <MainButton
              type="submit"
              loading={busy}
              disabled={count === null}
              sx={{ mt: count === null ? 2 : 0 }}
            >
              {translate('portal.account.pay_now')}
            </MainButton>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

export default ExtendPage;
