// The layout of the public pages (docs/screens.md, Header and sidebar): a header with Contact Us, the welcome
// illustration and heading addressed to service providers, and the page's card. The illustration is hidden on
// small screens.
import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ContactUsButton } from '../../layout/ContactUsButton';
import { useDocumentTitle } from '../../layout/documentTitle';
import { Logo } from '../../layout/Logo';

export interface PublicLayoutProps {
  /** The page title, an h1. */
  title?: ReactNode;
  /** Shown beside the title, e.g. the registration step counter "2/4". */
  step?: ReactNode;
  /** The browser tab's page title; defaults to `title` when that is text. */
  documentTitle?: string;
  /** A wide page (the agreement text) drops the illustration column. */
  wide?: boolean;
  children: ReactNode;
}

export function PublicHeader() {
  const translate = useTranslate();
  return (
    <AppBar position="static" color="primary" elevation={0}>
      <Toolbar sx={{ gap: 1 }}>
        <Logo />
        <Typography variant="h6" component="span" sx={{ flexGrow: 1, fontWeight: 700 }} noWrap>
          {translate('portal.product')}
        </Typography>
        <ContactUsButton />
      </Toolbar>
    </AppBar>
  );
}

export function PublicLayout({ title, step, documentTitle, wide = false, children }: PublicLayoutProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <PublicHeader />
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          display: 'flex',
          alignItems: { xs: 'stretch', md: 'center' },
          justifyContent: 'center',
          gap: { md: 4, lg: 8 },
          px: { xs: 1, sm: 3 },
          py: { xs: 2, sm: 4 },
        }}
      >
        {wide ? null : <Welcome />}
        <Paper
          variant="outlined"
          sx={{
            flex: wide ? '1 1 auto' : '1 1 0',
            width: '100%',
            maxWidth: wide ? 960 : 640,
            p: { xs: 2, sm: 4 },
            alignSelf: { xs: 'flex-start', md: 'center' },
          }}
        >
          {title || step ? (
            <Box
              sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 2 }}
            >
              {title ? (
                <Typography variant="h5" component="h1">
                  {title}
                </Typography>
              ) : null}
              {step ? (
                <Typography
                  variant="subtitle1"
                  color="text.secondary"
                  data-testid="step-counter"
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {step}
                </Typography>
              ) : null}
            </Box>
          ) : null}
          {children}
        </Paper>
      </Box>
    </Box>
  );
}

/** The welcome beside the form on a wide screen: the picture, the product's name and what it does. */
function Welcome() {
  const translate = useTranslate();
  return (
    <Box
      component="aside"
      data-testid="public-welcome"
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        flex: '1 1 0',
        maxWidth: 560,
      }}
    >
      <Box
        component="img"
        src="/welcome.svg"
        alt={translate('portal.welcome.image_alt')}
        sx={{ width: '100%', maxWidth: 480, height: 'auto', mb: 3 }}
      />
      <Typography variant="h4" component="h2" gutterBottom>
        {translate('portal.welcome.heading', { product: translate('portal.product') })}
      </Typography>
      <Typography variant="body1" color="text.secondary">
        {translate('portal.welcome.text')}
      </Typography>
    </Box>
  );
}
