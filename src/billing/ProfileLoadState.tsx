// The provider profile's loading bar and error line, as the account pages show them.
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

export function ProfileLoadState({ isPending, error }: { isPending: boolean; error: unknown }) {
  const translate = useTranslate();
  return (
    <>
      {isPending ? <LinearProgress aria-label={translate('portal.common.loading')} /> : null}
      {error ? (
        <Typography color="error" role="alert">
          {translate('portal.route_errors.profile_failed', { message: (error as Error).message })}
        </Typography>
      ) : null}
    </>
  );
}
