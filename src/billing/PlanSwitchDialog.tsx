// The confirmation of a plan switch on /account/renewal (docs/billing.md): which plan, when the next charge is
// made and how much it is ('11/28/2026', '$1,000.00': contract/format.ts), with Confirm / Cancel. The date and
// the amount are the server's: the subscription's current period end and the price of the chosen plan
// (GET /api/payment/subscription).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';
import type { SubscriptionPlan } from '../../contract/api';
import { dateText, moneyText } from '../../contract/format';
import type { RecurringInterval } from '../../contract/constants';

export interface PlanSwitchDialogProps {
  /** The plan asked for; the dialog is closed when null. */
  target: RecurringInterval | null;
  plan: SubscriptionPlan | undefined;
  autoCharge: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function PlanSwitchDialog({ target, plan, autoCharge, onConfirm, onCancel }: PlanSwitchDialogProps) {
  const translate = useTranslate();
  const planName = target ? translate(`portal.account.plan_${target}`) : '';
  const date = dateText(plan?.current_period_end);
  const amount = target ? moneyText(plan?.prices?.[target]) : '';
  return (
    <Dialog open={target !== null} onClose={onCancel} aria-labelledby="plan-switch-title">
      <DialogTitle id="plan-switch-title">
        {translate('portal.account.plan_switch_title', { plan: planName })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('portal.account.plan_switch_text', { plan: planName })}
        </DialogContentText>
        {date && amount ? (
          <DialogContentText sx={{ mt: 1 }} data-testid="plan-switch-charge">
            {translate('portal.account.plan_switch_charge', { date, amount })}
          </DialogContentText>
        ) : null}
        {autoCharge ? null : (
          <DialogContentText sx={{ mt: 1 }}>
            {translate('portal.account.plan_switch_no_auto_charge')}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('portal.account.plan_switch_cancel')}</Button>
        <Button onClick={onConfirm} variant="contained" autoFocus>
          {translate('portal.account.plan_switch_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
