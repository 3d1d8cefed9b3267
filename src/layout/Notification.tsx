// The toasts (SPEC.md §9: top-right, 5000 ms) and the one for requests that never reached the server (§8).
import { useEffect } from 'react';
import { Notification, useNotify } from 'react-admin';
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

/** Mounted by <Admin notification>, so it serves the public pages as well as the signed-in ones. */
export function PortalNotification() {
  return (
    <>
      <NetworkErrorNotifier />
      <Notification
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        autoHideDuration={TOASTS.serviceProvider.timeoutMs}
      />
    </>
  );
}
