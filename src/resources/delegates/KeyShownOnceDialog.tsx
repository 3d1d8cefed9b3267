// The private key the portal made for a delegate certificate, shown this once with Copy and Download: the portal
// keeps nothing of it (docs/delegates.md). A click beside the dialog does not close it, so that the key is not lost
// by accident: Close (or Escape) does, and the key is forgotten once the dialog has gone.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import DownloadIcon from '@mui/icons-material/Download';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { saveFile } from '../../components/certificates';
import { MainButton } from '../../components/MainButton';
import { CopyField } from '../acme-credentials/CopyField';

export interface ShownKey {
  customer: string;
  serial: string;
  pem: string;
}

/** The file name of a delegate certificate's key. */
export const delegateKeyFileName = (serial: string) => `delegate-${serial}.key.pem`;

export function KeyShownOnceDialog({
  open,
  shown,
  onClose,
  onExited,
}: {
  open: boolean;
  /** Kept while the dialog fades out after Close. */
  shown: ShownKey | null;
  onClose: () => void;
  /** The dialog is gone: the key can be forgotten. */
  onExited: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open={open && Boolean(shown)}
      onClose={(_, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      slotProps={{ transition: { onExited } }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {translate('portal.delegates.key_title', { customer: shown?.customer ?? '' })}
      </DialogTitle>
      {shown ? (
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning">{translate('portal.delegates.key_warning')}</Alert>
          <CopyField
            label="portal.delegates.private_key"
            value={shown.pem}
            copyLabel="portal.delegates.copy_key"
          />
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            sx={{ justifySelf: 'start' }}
            onClick={() =>
              saveFile(
                new Blob([shown.pem], { type: 'application/x-pem-file' }),
                delegateKeyFileName(shown.serial),
              )
            }
          >
            {translate('portal.delegates.download_key')}
          </Button>
        </DialogContent>
      ) : null}
      <DialogActions>
        <MainButton onClick={onClose}>{translate('portal.common.close')}</MainButton>
      </DialogActions>
    </Dialog>
  );
}

/** The key dialog's state: shown after an issue that answered a key, forgotten once closed. */
export function useShownKey() {
  const [shown, setShown] = useState<ShownKey | null>(null);
  const [open, setOpen] = useState(false);
  return {
    shown,
    open,
    show: (key: ShownKey) => {
      setShown(key);
      setOpen(true);
    },
    close: () => setOpen(false),
    forget: () => setShown(null),
  };
}
