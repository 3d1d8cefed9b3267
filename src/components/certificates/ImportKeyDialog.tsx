// Import an existing P-256 private key: paste its PEM or pick the file. The server checks the curve and answers
// the refusal for any other key ('Only P-256 (prime256v1) keys can be used for SHAKEN certificates').
import { useId, useState, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/types';
import { MainButton } from '../MainButton';
import { useCertificateNotify } from './useCertificateNotify';

/** Large enough for any EC private key PEM, small enough to refuse a wrong file before it is sent. */
const MAX_PEM_CHARS = 16 * 1024;

export interface ImportKeyDialogProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

function ImportForm({
  onClose,
  onImported,
  titleId,
}: Omit<ImportKeyDialogProps, 'open'> & { titleId: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast, failure } = useCertificateNotify();
  const [pem, setPem] = useState('');
  const [busy, setBusy] = useState(false);
  const looksLikeKey = /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem) && pem.length <= MAX_PEM_CHARS;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setPem((await file.text()).slice(0, MAX_PEM_CHARS + 1));
  };

  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.importPrivateKey(pem.trim());
      toast('portal.certificates.key_imported', 'success');
      onImported();
    } catch (error) {
      failure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogTitle id={titleId}>{translate('portal.certificates.import_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('portal.certificates.import_hint')}
        </Typography>
        <Button component="label" variant="outlined" size="small" sx={{ mb: 2 }}>
          {translate('portal.certificates.import_file')}
          <input hidden type="file" accept=".pem,.key,.txt" onChange={(e) => void readFile(e)} />
        </Button>
        <TextField
          label={translate('portal.certificates.import_pem')}
          value={pem}
          onChange={(e) => setPem(e.target.value)}
          multiline
          minRows={6}
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('portal.common.cancel')}
        </Button>
        <MainButton
          onClick={() => void submit()}
          loading={busy}
          disabled={!looksLikeKey}
          sx={{ minHeight: 36 }}
        >
          {translate('portal.certificates.import')}
        </MainButton>
      </DialogActions>
    </>
  );
}

export function ImportKeyDialog({ open, onClose, onImported }: ImportKeyDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {/* mounted while open only: every opening starts empty, and the key text is dropped on close */}
      {open ? <ImportForm onClose={onClose} onImported={onImported} titleId={titleId} /> : null}
    </Dialog>
  );
}
