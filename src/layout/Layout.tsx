// The layout of the signed-in pages: the guard first (it also takes unknown paths), then react-admin's
// layout with the portal's app bar and menu (the demo banner above each page), and the timer that ends the
// session at token expiry.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { SessionExpiry } from '../authProvider/useSessionExpiry';
import { RouteGuard } from '../routing/RouteGuard';
import { PortalAppBar } from './AppBar';
import { DemoBanner } from './DemoBanner';
import { PortalMenu } from './Menu';

export function PortalLayout({ children }: { children?: ReactNode }) {
  return (
    <RouteGuard>
      <SessionExpiry />
      <Layout appBar={PortalAppBar} menu={PortalMenu}>
        <DemoBanner />
        {children}
      </Layout>
    </RouteGuard>
  );
}
