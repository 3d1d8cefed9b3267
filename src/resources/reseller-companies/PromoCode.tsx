// The reseller's promo code (docs/screens.md, Companies), shown grouped (ABCD-EFGH, docs/api.md "Promo
// codes") with a button that copies its sign-up link `<origin>/register?rc=<url_token>` (toast 'Promo code
// copied'; a clipboard failure is a toast with the error).
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';
import type { ResellerProfile } from '../../../contract/api';
import { formatPromoCode, promoCodeLink } from '../../../contract/resellers';
import { usePortalIdentity } from '../../authProvider/usePortalIdentity';

export function usePromoCode(): string | undefined {
  const { identity } = usePortalIdentity();
  const code = (identity?.profile as ResellerProfile | null | undefined)?.url_token;
  return typeof code === 'string' && code ? code : undefined;
}

export function PromoCode() {
  const translate = useTranslate();
  const notify = useNotify();
  const code = usePromoCode();
  if (!code) return null;
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText)
        throw new Error(translate('portal.certificates.clipboard_unavailable'));
      await navigator.clipboard.writeText(promoCodeLink(window.location.origin, code));
      notify('portal.promo_code.copied', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Box
      component="section"
      aria-label={translate('portal.promo_code.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, px: 2, py: 1 }}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('portal.promo_code.label')}
      </Typography>
      <Typography component="code" data-testid="promo-code" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
        {formatPromoCode(code)}
      </Typography>
      <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {translate('portal.promo_code.copy')}
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }}>
        {translate('portal.promo_code.hint')}
      </Typography>
    </Box>
  );
}
