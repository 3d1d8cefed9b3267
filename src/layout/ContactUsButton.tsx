// Contact Us (SPEC.md §1): opens the support site of the settings in a new tab.
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { useSettings } from '../settings';

export function ContactUsButton() {
  const translate = useTranslate();
  const { support_url } = useSettings();
  const label = translate('portal.header.contact_us');
  return (
    <Button
      component="a"
      href={support_url}
      target="_blank"
      rel="noopener noreferrer"
      color="inherit"
      variant="outlined"
      size="small"
      aria-label={translate('portal.shell.opens_new_tab', { label })}
      sx={{ mx: 1, whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}
