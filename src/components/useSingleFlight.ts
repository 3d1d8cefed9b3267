// One effect per user action (docs/api.md, Idempotency-Key): while an action that creates, sends or charges runs, its button
// is disabled and a second call (a double click, Enter pressed twice, a form whose validation was still running
// when the second click came) is ignored. The state disables the button; the ref refuses at once, before the
// state has re-rendered anything.
import { useCallback, useRef, useState } from 'react';

export interface SingleFlight {
  /** True while an action runs: what disables its button. */
  busy: boolean;
  /** Runs `action` unless one is running already (then resolves to undefined without calling it). */
  run: <T>(action: () => Promise<T>) => Promise<T | undefined>;
}

export function useSingleFlight(): SingleFlight {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      return await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
