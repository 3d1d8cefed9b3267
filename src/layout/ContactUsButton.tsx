// Contact Us (docs/screens.md, Header and sidebar): opens the support site of the settings in a new tab.
// Below 960 px it is an icon with the same accessible name, so that it never spills out of the app bar.
import { lazy, Suspense } from 'react';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { useIsPhone } from '../components/lists/useIsPhone';
import { useSettings } from '../settings';
import { ContactUsIcon } from './ContactUsIcon';

// The icon's tooltip (MUI's Tooltip and its positioning engine) loads on a phone only: until it has, the icon
// shows without it.
const ContactUsIconWithTooltip = lazy(() => import('./ContactUsIconWithTooltip'));

export function ContactUsButton() {
  const translate = useTranslate();
  const { support_url } = useSettings();
  const phone = useIsPhone();
  const label = translate('portal.header.contact_us');
  const link = {
    href: support_url,
    target: '_blank',
    rel: 'noopener noreferrer',
    'aria-label': translate('portal.shell.opens_new_tab', { label }),
  };
  if (phone) {
    return (
      <Suspense fallback={<ContactUsIcon {...link} />}>
        <ContactUsIconWithTooltip title={label} {...link} />
      </Suspense>
    );
  }
  return (
    <Button
      component="a"
      {...link}
      color="inherit"
      variant="outlined"
      size="small"
      sx={{ mx: 1, whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {label}
    </Button>
  );
}
