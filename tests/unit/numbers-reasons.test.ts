// The kind of a rejected row's reason: what the counts past the error report's bound group by.
import { describe, expect, it } from 'vitest';
import { ROW_MESSAGES, reasonKind } from '../../contract/numbers';

describe('reasonKind', () => {
  it('leaves out the line or the column counts a reason names, and keeps every other reason as it is', () => {
    expect(reasonKind(ROW_MESSAGES.duplicateInFile(2))).toBe('Duplicate of an earlier line of this file');
    expect(reasonKind(ROW_MESSAGES.duplicateInFile(999_999))).toBe(
      'Duplicate of an earlier line of this file',
    );
    expect(reasonKind(ROW_MESSAGES.columns(4, 7))).toBe('Wrong number of columns');
    for (const fixed of [ROW_MESSAGES.tnMissing, ROW_MESSAGES.duplicateHeld, ROW_MESSAGES.date]) {
      expect(reasonKind(fixed)).toBe(fixed);
    }
    expect(reasonKind(ROW_MESSAGES.nameTooLong('voip_user'))).toBe(ROW_MESSAGES.nameTooLong('voip_user'));
  });
});
