// Grant an extension: days (1 to 366) and a reason, checked with the server's own rules (contract/admin.ts) before
// anything is sent; what the server refuses is shown on its field.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { EXTENSION_DAYS, extensionSchema } from '../../../contract/admin';
import { validate, ValidationFailure } from '../../../contract/schemas';
import { billingErrorMessage } from '../../billing/errors';
import { MainButton } from '../../components/MainButton';
import { useSingleFlight } from '../../components/useSingleFlight';
import type { PortalDataProvider, PortalHttpError } from '../../dataProvider';

export interface ExtensionDialogProps {
  providerId: string;
  open: boolean;
  onClose: () => void;
  onGranted: () => void;
}

export function ExtensionDialog({ providerId, open, onClose, onGranted }: ExtensionDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const titleId = useId();
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // busy from the click on, the check of the fields included: a second click meanwhile grants nothing
  const { busy, run } = useSingleFlight();

  const submit = () =>
    run(async () => {
      setErrors({});
      try {
        const input = await validate(extensionSchema, {
          days: days === '' ? undefined : Number(days),
          reason,
        });
        const answer = await dataProvider.grantExtension(providerId, input);
        notify(answer.message, { type: 'success', messageArgs: { _: answer.message } });
        setDays('');
        setReason('');
        onGranted();
      } catch (error) {
        if (error instanceof ValidationFailure) setErrors(error.errors);
        else {
          const fields = (error as PortalHttpError).body?.errors;
          if (fields) setErrors(fields);
          const message = billingErrorMessage(error);
          notify(message, { type: 'error', messageArgs: { _: message } });
        }
      }
    });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{translate('portal.admin.actions.extension_question')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate('portal.admin.actions.extension_hint')}
        </DialogContentText>
        <TextField
          label={translate('portal.admin.actions.days')}
          type="number"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          inputProps={{ min: EXTENSION_DAYS.min, max: EXTENSION_DAYS.max, step: 1 }}
          error={Boolean(errors.days)}
          helperText={errors.days ?? ' '}
          fullWidth
          margin="dense"
        />
        <TextField
          label={translate('portal.admin.actions.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={Boolean(errors.reason)}
          helperText={errors.reason ?? ' '}
          fullWidth
          multiline
          minRows={2}
          margin="dense"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('portal.common.cancel')}
        </Button>
        <MainButton onClick={submit} loading={busy} sx={{ minHeight: 36 }}>
          {translate('portal.common.confirm')}
        </MainButton>
      </DialogActions>
    </Dialog>
  );
}
