// The toasts (top-right, 5000 ms, dismissed by a click: docs/screens.md, Toasts) and the one for requests
// that never reached the server.
import { forwardRef, useEffect, type MouseEvent } from 'react';
import SnackbarContent, { type SnackbarContentProps } from '@mui/material/SnackbarContent';
import { Notification, useCloseNotification, useNotify } from 'react-admin';
import { TOASTS } from '../../contract/constants';
import { NETWORK_ERROR_EVENT, NETWORK_ERROR_MESSAGE } from '../dataProvider/http';

/** Turns the dataProvider's network-failure event into an error toast. */
export function NetworkErrorNotifier() {
  const notify = useNotify();
  useEffect(() => {
    const onNetworkError = (event: Event) => {
      const message = (event as CustomEvent<{ message?: string }>).detail?.message || NETWORK_ERROR_MESSAGE;
      notify(message, { type: 'error', messageArgs: { _: message } });
    };
    window.addEventListener(NETWORK_ERROR_EVENT, onNetworkError);
    return () => window.removeEventListener(NETWORK_ERROR_EVENT, onNetworkError);
  }, [notify]);
  return null;
}

/**
 * The toast's body: a click anywhere on it closes it. react-admin's toast only closes by its timer or a click
 * elsewhere; its close function reaches what it renders inside, so the body is swapped for one that calls it.
 */
const DismissOnClick = forwardRef<HTMLDivElement, SnackbarContentProps>(function DismissOnClick(props, ref) {
  const close = useCloseNotification();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    props.onClick?.(event);
    close();
  };
  const sx = [{ cursor: 'pointer' }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])];
  return <SnackbarContent {...props} ref={ref} onClick={onClick} sx={sx} />;
});

/** Mounted by <Admin notification>, so it serves the public pages as well as the signed-in ones. */
export function PortalNotification() {
  return (
    <>
      <NetworkErrorNotifier />
      <Notification
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        autoHideDuration={TOASTS.serviceProvider.timeoutMs}
        slots={{ content: DismissOnClick }}
      />
    </>
  );
}
