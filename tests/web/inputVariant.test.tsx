// One input variant in every form: the portal's own inputs are outlined, and the theme makes MUI's and
// react-admin's text fields, selects and date fields outlined too (react-admin's own theme makes them filled).
import { ThemeProvider, createTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { portalDarkTheme, portalTheme } from '../../src/layout/theme';

describe('input variant', () => {
  it.each([
    ['light', portalTheme],
    ['dark', portalDarkTheme],
  ])('draws every text field and select outlined in the %s theme', (_, theme) => {
    const { container } = render(
      <ThemeProvider theme={createTheme(theme as Parameters<typeof createTheme>[0])}>
        <TextField label="Company Name" />
        <TextField label="State" select value="">
          <option value="">none</option>
        </TextField>
        <TextField label="From" type="date" />
      </ThemeProvider>,
    );
    expect(container.querySelectorAll('.MuiOutlinedInput-root')).toHaveLength(3);
    expect(container.querySelector('.MuiFilledInput-root')).toBeNull();
  });
});
