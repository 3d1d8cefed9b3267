// The portal's colours on top of react-admin's default theme.
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const portalTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#0b4f6c' },
    secondary: { main: '#0b4f6c' },
    background: { default: '#f5f7fa' },
  },
  // md at 960 px, SPEC.md §9's breakpoint of tables: below it lists stack and the sidebar collapses
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1200, xl: 1536 } },
  sidebar: { width: 248, closedWidth: 64 },
};
