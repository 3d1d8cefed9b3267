// A record's facts as a description list: labels in one column, values in the next (a details page's profile).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        // minmax(0, …): a long value (an email, an address) wraps inside the page instead of widening it
        gridTemplateColumns: { xs: 'minmax(0, 2fr) minmax(0, 3fr)', sm: 'minmax(140px, max-content) minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
