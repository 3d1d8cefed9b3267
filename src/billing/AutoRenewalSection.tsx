// 'Enable Auto Renewal' of /account/renewal (docs/screens.md, Auto renewal): the auto-charge switch, shown
// only while the newest saved card has not expired (its expiry month still counts), the billing-period toggle
// (a switch of plan is confirmed first, PlanSwitchDialog), and the dialog that confirms a change of auto
// charge.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { SavedCard, ServiceProviderProfile } from '../../contract/api';
import { isCardExpired } from '../../contract/cards';
import type { RecurringInterval } from '../../contract/constants';
import { PlanSwitchDialog } from './PlanSwitchDialog';
import { useAutoCharge, useBillingPeriod } from './useAutoRenewal';

export interface AutoRenewalSectionProps {
  profile: ServiceProviderProfile;
  card?: SavedCard;
  cardsLoaded: boolean;
}

export function AutoRenewalSection({ profile, card, cardsLoaded }: AutoRenewalSectionProps) {
  const translate = useTranslate();
  // the toggle shows only while the newest card has not expired (its expiry month still counts)
  const canAutoCharge = Boolean(card && !isCardExpired(card.card.exp_month, card.card.exp_year, new Date()));
  const { autoCharge, savingCharge, toggleAutoCharge, confirmation, closeConfirmation } =
    useAutoCharge(profile);

  return (
    <Box component="section" aria-labelledby="auto-renewal-title">
      <Typography component="h2" variant="h6" id="auto-renewal-title" gutterBottom>
        {translate('portal.account.enable_auto_renewal')}
      </Typography>
      {canAutoCharge ? (
        <FormControlLabel
          control={
            <Switch
              checked={autoCharge}
              disabled={savingCharge}
              onChange={(event) => void toggleAutoCharge(event.target.checked)}
              slotProps={{ input: { 'aria-label': translate('portal.account.auto_charge') } }}
            />
          }
          label={`${translate('portal.account.auto_charge')}: ${translate(autoCharge ? 'portal.account.enabled' : 'portal.account.disabled')}`}
        />
      ) : cardsLoaded ? (
        <Typography color="text.secondary" data-testid="auto-charge-needs-card">
          {translate('portal.account.auto_charge_needs_card')}
        </Typography>
      ) : null}
      <BillingPeriod profile={profile} autoCharge={autoCharge} />
      <AutoChargeDialog confirmation={confirmation} onClose={closeConfirmation} />
    </Box>
  );
}

function BillingPeriod({ profile, autoCharge }: { profile: ServiceProviderProfile; autoCharge: boolean }) {
  const translate = useTranslate();
  const { period, plan, pending, requestPeriod, confirmPeriod, cancelPeriod, disabled } =
    useBillingPeriod(profile);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography id="billing-period-label" color="text.secondary" gutterBottom>
        {translate('portal.account.billing_period')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={period}
        onChange={(_, next: RecurringInterval | null) => requestPeriod(next)}
        aria-labelledby="billing-period-label"
        disabled={disabled}
        size="small"
      >
        <ToggleButton value="month">{translate('portal.account.period_month')}</ToggleButton>
        <ToggleButton value="year">{translate('portal.account.period_year')}</ToggleButton>
      </ToggleButtonGroup>
      <PlanSwitchDialog
        target={pending}
        plan={plan}
        autoCharge={autoCharge}
        onConfirm={confirmPeriod}
        onCancel={cancelPeriod}
      />
    </Box>
  );
}

/** Auto charge was just turned on (true) or off (false); closed when null. */
function AutoChargeDialog({ confirmation, onClose }: { confirmation: boolean | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={confirmation !== null} onClose={onClose} aria-labelledby="auto-charge-dialog-title">
      <DialogTitle id="auto-charge-dialog-title">
        {translate(
          confirmation ? 'portal.account.auto_charge_enabled' : 'portal.account.auto_charge_disabled',
        )}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate(
            confirmation
              ? 'portal.account.auto_charge_enabled_text'
              : 'portal.account.auto_charge_disabled_text',
          )}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('portal.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
