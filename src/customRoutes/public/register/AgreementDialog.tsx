// The subscriber agreement in a modal titled 'Certificate info' (registration step 2). Its scroll area is a
// named region that takes the focus, so that keyboard users can scroll the text with the arrow and page keys.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { AgreementText } from '../agreement/AgreementText';

export function AgreementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} scroll="paper" maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle>{translate('portal.register.agreement_modal_title')}</DialogTitle>
      <DialogContent
        dividers
        tabIndex={0}
        role="region"
        aria-label={translate('portal.register.agreement_text_label')}
      >
        <AgreementText />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('portal.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
