// The portal's logo, a link to the root path.
import Link from '@mui/material/Link';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

export const LOGO_SRC = '/logo.svg';

export function Logo() {
  const translate = useTranslate();
  return (
    <Link
      component={RouterLink}
      to="/"
      aria-label={translate('portal.header.logo_alt')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        mr: 1.5,
        p: 0.25,
        borderRadius: 1,
        lineHeight: 0,
        bgcolor: 'common.white',
      }}
    >
      <img src={LOGO_SRC} alt="" width={30} height={30} />
    </Link>
  );
}
