// A value the provider gives its ACME client (the directory URL, a key id, an HMAC key): a read-only field whose
// text wraps, so that a phone shows all of it, and a Copy button (toast 'Copied'; a browser without a clipboard, or
// a refusal, is a toast with its text).
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { useCertificateNotify } from '../../components/certificates';

export function useCopyToClipboard() {
  const translate = useTranslate();
  const { toast } = useCertificateNotify();
  return useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard?.writeText)
          throw new Error(translate('portal.certificates.clipboard_unavailable'));
        await navigator.clipboard.writeText(text);
        toast('portal.common.copied', 'success');
      } catch (error) {
        toast(error instanceof Error && error.message ? error.message : String(error), 'error');
      }
    },
    [toast, translate],
  );
}

export interface CopyFieldProps {
  /** Message key of the field's label. */
  label: string;
  value: string;
  /** Message key of the Copy button's accessible name (which value it copies). */
  copyLabel: string;
}

export function CopyField({ label, value, copyLabel }: CopyFieldProps) {
  const translate = useTranslate();
  const copy = useCopyToClipboard();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <TextField
        label={translate(label)}
        value={value}
        multiline
        size="small"
        sx={{ flex: '1 1 16rem', minWidth: 0 }}
        slotProps={{
          htmlInput: {
            readOnly: true,
            spellCheck: false,
            style: { fontFamily: 'monospace', overflowWrap: 'anywhere' },
          },
        }}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        aria-label={translate(copyLabel)}
        onClick={() => void copy(value)}
      >
        {translate('portal.certificates.copy')}
      </Button>
    </Box>
  );
}
