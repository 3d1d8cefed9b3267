// The header of the signed-in pages: logo, the portal's title for the role, page titles, Contact Us.
import Typography from '@mui/material/Typography';
import { AppBar, LoadingIndicator, TitlePortal, useTranslate } from 'react-admin';
import { ContactUsButton } from './ContactUsButton';
import { HeaderDocumentTitle } from './documentTitle';
import { ProfileButton } from './ProfileButton';
import { Logo } from './Logo';
import { usePortalRole } from './usePortalRole';

export function PortalAppBar() {
  const translate = useTranslate();
  const role = usePortalRole() ?? 'service-provider';
  return (
    <AppBar
      userMenu={false}
      toolbar={
        <>
          {/* its spinner (shown while anything loads) is a progressbar: it needs a name (axe) */}
          <LoadingIndicator aria-label={translate('ra.page.loading')} />
          <ContactUsButton />
          <ProfileButton />
        </>
      }
    >
      <Logo />
      <Typography
        component="span"
        variant="h6"
        noWrap
        data-testid="portal-title"
        sx={{ mr: 2, flexShrink: 1, minWidth: 0 }}
      >
        {translate(`portal.titles.${role}`)}
      </Typography>
      {/* page titles (react-admin's <Title>) land here; on a phone the role title is enough */}
      <TitlePortal
        component="div"
        variant="subtitle1"
        sx={{ opacity: 0.85, visibility: { xs: 'hidden', md: 'visible' } }}
      />
      <HeaderDocumentTitle />
    </AppBar>
  );
}
