// A clipboard that records what was copied, in place of the browser's, fresh for each test of the file that calls
// stubClipboard() at its top; and a field of a dialog filled in as a person types (one change event).
import { fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

export function stubClipboard() {
  const clipboard = { writeText: vi.fn(async (_text: string) => undefined) };
  beforeEach(() => {
    clipboard.writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: clipboard.writeText } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return clipboard;
}

export function typeIn(dialog: HTMLElement, label: RegExp, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}
