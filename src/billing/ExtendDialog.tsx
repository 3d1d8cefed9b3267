// The 'Extend duration' modal of the account summary (docs/screens.md, Account summary): one month for $100
// or twelve months at $41.67/month; confirming opens the extension's payment page in this window.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useAuthProvider, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { RecurringInterval } from '../../contract/constants';
import type { PortalAuthProvider } from '../authProvider';
import { MainButton } from '../components/MainButton';
import { notifyFailure } from './errors';
import { goToPaymentPage } from './navigate';
import { PlanRadios } from './PlanRadios';
import type { PortalDataProvider } from '../dataProvider/types';

export interface ExtendDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * Start an extension checkout of `count` periods and leave for its payment page; answers false (the toast
 * already shown) when it could not be started.
 */
export function useStartExtension() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const notify = useNotify();
  return async (interval: RecurringInterval, count: number): Promise<boolean> => {
    try {
      const { url } = await dataProvider.extendSubscription(interval, count);
      if (!url) throw new Error('The payment page address is missing');
      // the expiry moves once paid: the menu and the guard must read the profile again on return
      authProvider?.invalidateProfile?.();
      goToPaymentPage(url);
      return true;
    } catch (error) {
      notifyFailure(notify, error);
      return false;
    }
  };
}

export function ExtendDialog({ open, onClose }: ExtendDialogProps) {
  const translate = useTranslate();
  const start = useStartExtension();
  const [interval, setInterval] = useState<RecurringInterval | ''>('');
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!interval) return;
    setBusy(true);
    // the modal's choices are one month or one year
    const leaving = await start(interval, 1);
    if (!leaving) setBusy(false);
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="extend-dialog-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="extend-dialog-title">{translate('portal.account.extend_duration')}</DialogTitle>
      <DialogContent>
        <PlanRadios
          label={translate('portal.account.choose_extension')}
          value={interval}
          onChange={setInterval}
          disabled={busy}
          labels={{
            month: translate('portal.account.extend_month'),
            year: translate('portal.account.extend_year'),
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('portal.common.cancel')}
        </Button>
        <MainButton onClick={confirm} disabled={!interval} loading={busy}>
          {translate('portal.account.extend')}
        </MainButton>
      </DialogActions>
    </Dialog>
  );
}
