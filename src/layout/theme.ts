// The portal's colours on top of react-admin's default theme.
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const portalTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#0b4f6c' },
    secondary: { main: '#0b4f6c' },
    background: { default: '#f5f7fa' },
  },
  sidebar: { width: 248, closedWidth: 64 },
};
