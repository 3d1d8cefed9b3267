// The toasts of the certificate area (3000 ms, centered at the top: docs/screens.md, Toasts), and the failure
// toast of the key and certificate calls through the portal's shared message extractor (docs/screens.md,
// Certificates).
import { useCallback, useMemo } from 'react';
import { useNotify } from 'react-admin';
import { TOASTS } from '../../../contract/constants';
import { billingErrorMessage } from '../../billing/errors';

export const CERTIFICATE_TOAST_OPTIONS = {
  autoHideDuration: TOASTS.certificates.timeoutMs,
  anchorOrigin: { vertical: 'top', horizontal: 'center' },
} as const;

/** The text of a failed key or certificate call: the server's message, else the failure's own text. */
export const certificateErrorMessage = billingErrorMessage;

type ToastType = 'info' | 'success' | 'warning' | 'error';

export function useCertificateNotify() {
  const notify = useNotify();
  /** A message key of the app or, through the `_` default, a sentence shown as it is. */
  const toast = useCallback(
    (message: string, type: ToastType = 'info', args: Record<string, unknown> = {}) =>
      notify(message, { type, messageArgs: { _: message, ...args }, ...CERTIFICATE_TOAST_OPTIONS }),
    [notify],
  );
  const failure = useCallback(
    (error: unknown) => {
      // a request that never reached the server already has the layout's 'Network Error' toast
      if ((error as { code?: unknown } | null)?.code === 'ERR_NETWORK') return;
      toast(certificateErrorMessage(error), 'error');
    },
    [toast],
  );
  return useMemo(() => ({ toast, failure }), [toast, failure]);
}
