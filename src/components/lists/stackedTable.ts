// A plain table's rows stacked on a phone: below 960 px the header hides and each row becomes a block
// whose cells are lines labelled by their `data-label`, so that the page never scrolls sideways. The table's
// markup stays the same at every width.
import type { SxProps, Theme } from '@mui/material/styles';
import { phoneWidth } from './useIsPhone';

export const stackedOnPhone: SxProps<Theme> = (theme) => ({
  [phoneWidth(theme)]: {
    '& thead': { display: 'none' },
    '& table, & tbody, & tr, & td': { display: 'block', width: '100%' },
    '& tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
    '& td': {
      border: 0,
      py: 0.25,
      px: 1,
      textAlign: 'left',
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontFamily: theme.typography.fontFamily,
      fontSize: '0.75rem',
      color: 'text.secondary',
    },
  },
});
