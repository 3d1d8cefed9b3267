// What the provider needs to set up an ACME client: the directory URL (from the public settings, else this origin's)
// with a Copy button, and what a credential is: one ACME account each, deactivated with it when it is revoked.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ACME_DIRECTORY_PATH } from '../../../contract/acme';
import { useSettings, type PublicSettings } from '../../settings';
import { CopyField } from './CopyField';

/** The directory's URL: the server's, else (an older server, or while the settings load) this origin's. Here rather
 * than in settings.ts, which the public shell loads: the sign-in page has no use for it. */
export function acmeDirectoryUrlOf(settings: PublicSettings, origin = window.location.origin): string {
  const url = typeof settings.acme_directory_url === 'string' ? settings.acme_directory_url.trim() : '';
  return url || `${origin}${ACME_DIRECTORY_PATH}`;
}

export function AcmeDirectory() {
  const translate = useTranslate();
  const url = acmeDirectoryUrlOf(useSettings());
  return (
    <Box sx={{ px: 2, pt: 1, display: 'grid', gap: 1.5, maxWidth: '60rem' }}>
      <Typography variant="body2">{translate('portal.acme.intro')}</Typography>
      <CopyField label="portal.acme.directory_url" value={url} copyLabel="portal.acme.copy_directory_url" />
      <Typography variant="body2">{translate('portal.acme.binding')}</Typography>
    </Box>
  );
}
