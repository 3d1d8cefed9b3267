// Below 960 px (the responsive breakpoint of tables, the theme's md) lists lay their rows out for a
// phone, the sidebar collapses and Contact Us becomes an icon.
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

export const phoneWidth = (theme: Theme) => theme.breakpoints.down('md');

export function useIsPhone(): boolean {
  return useMediaQuery(phoneWidth, { noSsr: true });
}
