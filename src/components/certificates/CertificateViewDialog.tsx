// View (docs/screens.md, Certificates): the certificate at the row's CR URL, decoded by POST
// /api/public/decrypt_cert, in a monospace block. Copy puts the certificate's PEM on the clipboard (toast
// 'Copied'; a clipboard failure is a toast with the error); Download PEM saves it as <serial>.pem,
// Download chain as <serial>-chain.pem (leaf then intermediate), both read from the CR URL.
import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/types';
import { useCertificatePem } from './useCertificatePem';
import { certificateErrorMessage } from './useCertificateNotify';

export interface CertificateViewDialogProps {
  /** The CR URL to decode; the dialog is open while it is set. */
  url: string | null;
  onClose: () => void;
}

const TEXT_SX = {
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
} as const;

export function CertificateViewDialog({ url, onClose }: CertificateViewDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const titleId = useId();
  const hintId = useId();
  const { data, error, isPending } = useQuery({
    queryKey: ['portal', 'certificate-text', url],
    retry: false,
    queryFn: () => dataProvider.decryptCertificate(url as string),
    enabled: Boolean(url),
  });
  const pem = useCertificatePem(url);
  const pemError = pem.error ? certificateErrorMessage(pem.error) : '';

  return (
    <Dialog open={Boolean(url)} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{translate('portal.certificates.view_title')}</DialogTitle>
      <DialogContent>
        {(url && isPending) || pem.loading ? (
          <LinearProgress aria-label={translate('portal.common.loading')} />
        ) : null}
        {error ? (
          <Alert severity="error" role="alert">
            {certificateErrorMessage(error)}
          </Alert>
        ) : null}
        {pemError ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {translate('portal.certificates.pem_failed', {
              message: translate(pemError, { _: pemError }),
            })}
          </Alert>
        ) : null}
        {data ? (
          <Box
            component="pre"
            data-testid="certificate-text"
            tabIndex={0}
            aria-label={translate('portal.certificates.certificate_text')}
            sx={TEXT_SX}
          >
            {data.text ?? ''}
          </Box>
        ) : null}
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('portal.certificates.pem_hint')}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button
          startIcon={<ContentCopy />}
          onClick={() => void pem.copy()}
          disabled={!pem.ready}
          aria-describedby={hintId}
        >
          {translate('portal.certificates.copy')}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={() => pem.download('leaf')} disabled={!pem.ready}>
          {translate('portal.certificates.download_pem')}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={() => pem.download('chain')} disabled={!pem.ready}>
          {translate('portal.certificates.download_chain')}
        </Button>
        <Button onClick={onClose}>{translate('portal.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
