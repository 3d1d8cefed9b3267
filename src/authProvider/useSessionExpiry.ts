// Logs the user out when the token expires, while a signed-in page is open (public pages do not mount it).
import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { readSession } from './session';

/** setTimeout's longest delay; a later expiry is waited for in several steps. */
const MAX_DELAY_MS = 2_147_483_647;

export function useSessionExpiry(): void {
  const logout = useLogout();
  const session = readSession();
  const exp = session.status === 'signed-in' ? session.claims.exp : null;

  useEffect(() => {
    if (exp === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const remaining = exp * 1000 - Date.now();
      if (remaining <= 0) {
        logout();
        return;
      }
      timer = setTimeout(schedule, Math.min(remaining, MAX_DELAY_MS));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [exp, logout]);
}

export function SessionExpiry(): null {
  useSessionExpiry();
  return null;
}
