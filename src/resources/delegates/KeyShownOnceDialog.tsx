// The private key the portal made for a delegate certificate, shown this once with Copy and Download: the portal
// keeps nothing of it (docs/delegates.md). A click beside the dialog does not close it, so that the key is not lost
// by accident: Close (or Escape) does, and the key is forgotten once the dialog has gone.
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';
import { saveFile } from '../../components/certificates';
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
  return (
    <ShownOnceDialog
      open={open && Boolean(shown)}
      onClose={onClose}
      onExited={onExited}
      title={translate('portal.delegates.key_title', { customer: shown?.customer ?? '' })}
      warning={translate('portal.delegates.key_warning')}
    >
      {shown ? (
        <>
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
        </>
      ) : null}
    </ShownOnceDialog>
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
