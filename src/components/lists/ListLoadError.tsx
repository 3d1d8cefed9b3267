// What a list shows when its rows could not be read: the failure's message and a Retry that reads them
// again, in place of the rows, the pager and the progress bar, so that a failed load never looks like a list
// still loading or one with rows hidden somewhere.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { billingErrorMessage } from '../../billing/errors';

export interface ListLoadErrorProps {
  error: unknown;
  /** Reads the rows again. */
  onRetry: () => unknown;
  /** A retry is under way: its button waits. */
  retrying?: boolean;
}

/** The sentence of a failed load: the server's message, else the failure's own ('Network Error', say). */
export const listErrorMessage = billingErrorMessage;

export function ListLoadError({ error, onRetry, retrying = false }: ListLoadErrorProps) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2, overflowWrap: 'anywhere' }}
      action={
        <Button color="inherit" size="small" disabled={retrying} onClick={() => void onRetry()}>
          {translate('portal.common.retry')}
        </Button>
      }
    >
      {listErrorMessage(error)}
    </Alert>
  );
}
