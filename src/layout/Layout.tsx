// The layout of the signed-in pages: the guard first (it also takes unknown paths), then react-admin's
// layout with the portal's app bar and menu (the demo banner above each page), and the timer that ends the
// session at token expiry. Below 960 px the sidebar folds away (CollapseSidebar).
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { SessionExpiry } from '../authProvider/useSessionExpiry';
import { RouteGuard } from '../routing/RouteGuard';
import { PortalAppBar } from './AppBar';
import { CollapseSidebar } from './CollapseSidebar';
import { DemoBanner } from './DemoBanner';
import { PortalMenu } from './Menu';

/** react-admin's layout grows to fit its widest content (a key's long label, say), which made phone pages scroll
 * sideways: here the window's width bounds it, and what is wider wraps or scrolls inside itself. */
const FIT_THE_WINDOW = { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } as const;

export function PortalLayout({ children }: { children?: ReactNode }) {
  return (
    <RouteGuard>
      <SessionExpiry />
      <Layout appBar={PortalAppBar} menu={PortalMenu} sx={FIT_THE_WINDOW}>
        <CollapseSidebar />
        <DemoBanner />
        {children}
      </Layout>
    </RouteGuard>
  );
}
