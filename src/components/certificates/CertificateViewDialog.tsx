// View (SPEC.md §2): the certificate at the row's CR URL, decoded by POST /api/public/decrypt_cert, in a
// monospace block with a Copy button (toast 'Copied'; a clipboard failure is a toast with the error, §8).
import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/types';
import { certificateErrorMessage, useCertificateNotify } from './useCertificateNotify';

export interface CertificateViewDialogProps {
  /** The CR URL to decode; the dialog is open while it is set. */
  url: string | null;
  onClose: () => void;
}

export function CertificateViewDialog({ url, onClose }: CertificateViewDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast } = useCertificateNotify();
  const titleId = useId();
  const { data, error, isPending } = useQuery({
    queryKey: ['portal', 'certificate-text', url],
    retry: false,
    queryFn: () => dataProvider.decryptCertificate(url as string),
    enabled: Boolean(url),
  });
  const text = data?.text ?? '';

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText)
        throw new Error(translate('portal.certificates.clipboard_unavailable'));
      await navigator.clipboard.writeText(text);
      toast('portal.common.copied', 'success', { _: translate('portal.common.copied') });
    } catch (e) {
      toast(e instanceof Error && e.message ? e.message : String(e), 'error');
    }
  };

  return (
    <Dialog open={Boolean(url)} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{translate('portal.certificates.view_title')}</DialogTitle>
      <DialogContent>
        {url && isPending ? <LinearProgress aria-label={translate('portal.common.loading')} /> : null}
        {error ? (
          <Alert severity="error" role="alert">
            {certificateErrorMessage(error)}
          </Alert>
        ) : null}
        {data ? (
          <Box
            component="pre"
            data-testid="certificate-text"
            tabIndex={0}
            aria-label={translate('portal.certificates.certificate_text')}
            sx={{
              fontFamily: 'monospace',
              fontSize: 13,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
              bgcolor: 'grey.100',
              p: 2,
              m: 0,
              borderRadius: 1,
              maxHeight: '60vh',
              overflow: 'auto',
            }}
          >
            {text}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopy />} onClick={copy} disabled={!data}>
          {translate('portal.certificates.copy')}
        </Button>
        <Button onClick={onClose}>{translate('portal.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
