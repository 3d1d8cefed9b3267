// A yes/no question (delete a key, renew or revoke a certificate): Confirm and Cancel, with an optional body
// (the revocation reason) and a busy state while the call runs.
import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';
import { MainButton } from '../MainButton';

export interface ConfirmDialogProps {
  open: boolean;
  /** Message key of the question. */
  question: string;
  busy?: boolean;
  /** Confirm stays disabled until the body's fields are complete. */
  confirmDisabled?: boolean;
  /** The id of the body's text saying what confirming does: the dialog's description, read with the question. */
  describedBy?: string;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  question,
  busy = false,
  confirmDisabled = false,
  describedBy,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{translate(question)}</DialogTitle>
      {children ? <DialogContent>{children}</DialogContent> : null}
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('portal.common.cancel')}
        </Button>
        <MainButton onClick={onConfirm} loading={busy} disabled={confirmDisabled} sx={{ minHeight: 36 }}>
          {translate('portal.common.confirm')}
        </MainButton>
      </DialogActions>
    </Dialog>
  );
}
