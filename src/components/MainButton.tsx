// The main button of a form (docs/screens.md, Sizes and timings): its loading state disables it and shows a
// spinner.
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** The loading spinner on the main button is 40 px. */
export const MAIN_BUTTON_SPINNER_SIZE = 40;

export interface MainButtonProps extends Omit<ButtonProps, 'loading'> {
  loading?: boolean;
}

export function MainButton({
  loading = false,
  disabled,
  variant = 'contained',
  sx,
  children,
  ...rest
}: MainButtonProps) {
  return (
    <Button
      {...rest}
      variant={variant}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      sx={[{ minHeight: 44, position: 'relative' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {/* Kept in the accessibility tree while the spinner covers it. */}
      <span style={{ opacity: loading ? 0 : 1 }}>{children}</span>
      {loading ? (
        <CircularProgress
          size={MAIN_BUTTON_SPINNER_SIZE}
          thickness={2.5}
          color="inherit"
          aria-hidden
          sx={{
            position: 'absolute',
            top: '50%',
            left: '50%',
            mt: `-${MAIN_BUTTON_SPINNER_SIZE / 2}px`,
            ml: `-${MAIN_BUTTON_SPINNER_SIZE / 2}px`,
          }}
        />
      ) : null}
    </Button>
  );
}
