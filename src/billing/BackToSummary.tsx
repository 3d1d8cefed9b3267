// The back link of the account sub-pages (docs/screens.md, Account summary).
import Link from '@mui/material/Link';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

export function BackToSummary() {
  const translate = useTranslate();
  return (
    <Link
      component={RouterLink}
      to="/account/summary"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      {translate('portal.account.back_to_summary')}
    </Link>
  );
}
