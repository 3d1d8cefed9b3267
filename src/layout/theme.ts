// The portal's colours on top of react-admin's default theme, and the marks that keep it usable by keyboard
// (WCAG 2.1 AA): error text dark enough for every background it sits on, a focus outline on everything that
// takes the focus, and a skip link that can be read when it appears.
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const PRIMARY = '#0b4f6c';
/**
 * Red 900: at least 4.98:1 on every background an error shows on (white 6.57, the page #f5f7fa 6.12, a filled
 * input #f0f0f0 5.77 and its hover, the toolbar grey #e0e0e0). MUI's #d32f2f is 4.37:1 on a focused filled input.
 */
export const ERROR = '#b71c1c';
const WHITE = '#ffffff';

/** 3 px in the primary colour (8.3:1 on the page background) just outside the element. */
const focusOutline = { outline: `3px solid ${PRIMARY}`, outlineOffset: 2 };

export const portalTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: PRIMARY },
    secondary: { main: PRIMARY },
    error: { main: ERROR },
    background: { default: '#f5f7fa' },
  },
  // md at 960 px, the breakpoint of tables: below it lists stack and the sidebar collapses
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1200, xl: 1536 } },
  sidebar: { width: 248, closedWidth: 64 },
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: {
      styleOverrides: {
        // buttons, links, inputs, tabs, checkboxes, the scroll areas made focusable; 'html' outranks the
        // `outline: 0` of MUI's ButtonBase, whose class has the same weight as a bare :focus-visible
        'html *:focus-visible': focusOutline,
        // a text field is marked around its box, not around the bare <input> inside it
        '.MuiInputBase-input:focus-visible': { outline: 'none' },
        '.MuiInputBase-root.Mui-focused:has(input:focus-visible, textarea:focus-visible)': focusOutline,
        // menu items, tabs and rows sit edge to edge in a list, tab bar or table that clips: the mark goes inside
        '.MuiMenuItem-root:focus-visible, .MuiListItemButton-root:focus-visible, .MuiTab-root:focus-visible, .MuiTableRow-root:focus-visible':
          { outline: `3px solid ${PRIMARY}`, outlineOffset: -3 },
        // on the primary-coloured header bars a primary outline would not show: white (8.9:1) there
        '.MuiAppBar-root :focus-visible': { outlineColor: WHITE },
      },
    },
    // MUI renders subtitles as <h6>: they are not headings (a step counter, a version line, a menu label) and
    // they broke the heading order of the pages
    MuiTypography: {
      defaultProps: { variantMapping: { subtitle1: 'div', subtitle2: 'div' } },
    },
    // one input variant in every form (docs/formats.md): the portal's own inputs are outlined, so every MUI text
    // field, select and date field is too (react-admin's theme makes them filled)
    MuiTextField: {
      ...defaultTheme.components?.MuiTextField,
      defaultProps: { ...defaultTheme.components?.MuiTextField?.defaultProps, variant: 'outlined' },
    },
    // a disabled field's helper text says why (no private key yet): MUI's secondary text (5.7:1), not 0.38 (2.5:1)
    MuiFormHelperText: {
      styleOverrides: {
        root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } },
      },
    },
    RaSkipNavigationButton: {
      styleOverrides: {
        // react-admin draws it white on the page background (1:1): white on the primary colour (8.9:1), with a
        // white ring that shows against the header bar it slides over
        root: {
          backgroundColor: PRIMARY,
          color: WHITE,
          '&:hover': { backgroundColor: '#083a50', opacity: 1 },
          '&:focus, &:focus-visible': {
            outline: `3px solid ${WHITE}`,
            outlineOffset: 0,
            boxShadow: `0 0 0 5px ${PRIMARY}`,
          },
        },
      },
    },
  },
};

/** The dark theme's primary: a light blue, 9.6:1 on its background, for the text, the buttons and the focus mark. */
const DARK_PRIMARY = '#90caf9';
const darkFocusOutline = { outline: `3px solid ${DARK_PRIMARY}`, outlineOffset: 2 };

/** The theme a person may choose in the user menu (the light one is the default): the same parts, dark colours. */
export const portalDarkTheme: RaThemeOptions = {
  ...portalTheme,
  palette: {
    mode: 'dark',
    primary: { main: DARK_PRIMARY },
    secondary: { main: DARK_PRIMARY },
    error: { main: '#f28b82' },
  },
  components: {
    ...portalTheme.components,
    MuiCssBaseline: {
      styleOverrides: {
        'html *:focus-visible': darkFocusOutline,
        '.MuiInputBase-input:focus-visible': { outline: 'none' },
        '.MuiInputBase-root.Mui-focused:has(input:focus-visible, textarea:focus-visible)': darkFocusOutline,
        '.MuiMenuItem-root:focus-visible, .MuiListItemButton-root:focus-visible, .MuiTab-root:focus-visible, .MuiTableRow-root:focus-visible':
          { outline: `3px solid ${DARK_PRIMARY}`, outlineOffset: -3 },
      },
    },
    MuiFormHelperText: {
      styleOverrides: {
        root: { '&.Mui-disabled': { color: 'rgba(255, 255, 255, 0.7)' } },
      },
    },
  },
};
