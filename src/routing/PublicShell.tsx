// What the public pages run in before the signed-in app is loaded (App.tsx): the contexts of react-admin their
// hooks read (translations, the auth and data providers, notifications) and the portal's theme, as <Admin>
// gives them, without <Admin> itself, its layout and its router set-up, which load with the first signed-in page.
// No react-query client either: the settings are a plain fetch (settings.ts), the payment step brings its own.
// The toasts are the portal's, as under <Admin notification>.
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import {
  AuthContext,
  DataProviderContext,
  type DataProvider,
  I18nContext,
  NotificationContextProvider,
  UndoableMutationsContextProvider,
} from 'react-admin';
import { createAuthProvider } from '../authProvider/create';
import { createPublicDataProvider } from '../dataProvider/public';
import { i18nProvider } from '../layout/i18nProvider';
import { PortalNotification } from '../layout/Notification';
import { portalTheme } from '../layout/theme';

/** The calls of the public pages only, which usePublicDataProvider reads (typed to these), and the sign-in over
 * them (its profile calls are among them). The signed-in app has the portal's own, over the whole dataProvider. */
const publicDataProvider = createPublicDataProvider();
const authProvider = createAuthProvider(publicDataProvider);

/** react-admin's <ThemeProvider> makes the same theme of the same options (light: the portal has no dark one). */
const theme = createTheme(portalTheme);

/** The theme and the base styles alone: also around what shows while the signed-in app loads. */
export function PortalThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme>{children}</CssBaseline>
    </ThemeProvider>
  );
}

export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <AuthContext.Provider value={authProvider}>
      <DataProviderContext.Provider value={publicDataProvider as unknown as DataProvider}>
        {/* the one English tree: react-admin's I18nContextProvider adds only locale switching (its store) */}
        <I18nContext.Provider value={i18nProvider}>
          <NotificationContextProvider>
            <UndoableMutationsContextProvider>
              <PortalThemeProvider>
                {children}
                <PortalNotification />
              </PortalThemeProvider>
            </UndoableMutationsContextProvider>
          </NotificationContextProvider>
        </I18nContext.Provider>
      </DataProviderContext.Provider>
    </AuthContext.Provider>
  );
}
