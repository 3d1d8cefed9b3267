// The frame of a secret shown this once (an ACME credential's HMAC key, a private key the portal made): a warning,
// the fields the caller gives, and Close. A click beside it does not close it, so that the secret is not lost by
// accident: Close (or Escape) does, and `onExited` tells the caller when it may forget the secret.
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { useTranslate } from 'react-admin';
import { MainButton } from './MainButton';

export interface ShownOnceDialogProps {
  /** Open while there is something to show. */
  open: boolean;
  title: ReactNode;
  /** What is shown, said above the warning, if anything. */
  intro?: ReactNode;
  /** The warning above the fields (translated text); the fields themselves, or null while there is nothing. */
  warning: string;
  children: ReactNode | null;
  onClose: () => void;
  /** The dialog is gone: the secret can be forgotten. */
  onExited: () => void;
}

export function ShownOnceDialog(p: ShownOnceDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open={p.open}
      onClose={(_, reason) => {
        if (reason !== 'backdropClick') p.onClose();
      }}
      slotProps={{ transition: { onExited: p.onExited } }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{p.title}</DialogTitle>
      {p.children ? (
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {p.intro}
          <Alert severity="warning">{p.warning}</Alert>
          {p.children}
        </DialogContent>
      ) : null}
      <DialogActions>
        <MainButton onClick={p.onClose}>{translate('portal.common.close')}</MainButton>
      </DialogActions>
    </Dialog>
  );
}
