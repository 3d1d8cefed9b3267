// The two-column grid of the registration forms (one column on phones).
import type { SxProps, Theme } from '@mui/material/styles';

export const formGridSx: SxProps<Theme> = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  columnGap: 2,
};

export const FULL_ROW: SxProps<Theme> = { gridColumn: '1 / -1' };
