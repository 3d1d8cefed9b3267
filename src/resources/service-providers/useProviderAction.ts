// One confirmed action at a time on the details page: the question is asked, the call runs while the dialog shows
// its busy state, then a toast says what happened (the server's sentence on failure) and the page reloads its data.
import { useCallback, useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { notifyFailure } from '../../billing/errors';
import { useSingleFlight } from '../../components/useSingleFlight';

export interface PendingAction {
  /** Message key of the question. */
  question: string;
  body?: ReactNode;
  /** Message key of the toast on success, or the server's own message when absent. */
  done?: string;
  run: () => Promise<{ message?: string } | unknown>;
}

export function useProviderAction(onDone: () => void) {
  const notify = useNotify();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const { busy, run } = useSingleFlight();

  const confirm = useCallback(async () => {
    if (!pending) return;
    await run(async () => {
      try {
        const answer = (await pending.run()) as { message?: unknown } | undefined;
        const message = pending.done ?? (typeof answer?.message === 'string' ? answer.message : '');
        if (message) notify(message, { type: 'success', messageArgs: { _: message } });
        setPending(null);
        onDone();
      } catch (error) {
        notifyFailure(notify, error);
      }
    });
  }, [pending, notify, onDone, run]);

  return { pending, busy, ask: setPending, cancel: () => setPending(null), confirm };
}
