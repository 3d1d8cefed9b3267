// The import template the web app offers is a file the server's own import reads without a rejected row.
import { describe, expect, it } from 'vitest';
import { NUMBER_IMPORT, NUMBER_IMPORT_EXAMPLE, numberImportTemplate } from '../../contract/numbers';
import { CsvParser, type CsvRecord } from '../../server/src/numbers/csvParser';
import { checkRow, parseHeader } from '../../server/src/numbers/rows';

function records(text: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  const parser = new CsvParser(
    { maxFieldLength: NUMBER_IMPORT.maxFieldLength, maxFields: NUMBER_IMPORT.maxFields },
    (r) => out.push(r),
  );
  parser.push(text);
  parser.end();
  return out;
}

describe('the import template', () => {
  it('names every column of the import in its header, and its example row is imported without error', () => {
    const [head, ...rows] = records(numberImportTemplate());
    expect(head.fields).toEqual([...NUMBER_IMPORT.columns]);
    const header = parseHeader(head);
    expect(rows).toHaveLength(1);
    const row = checkRow(header, rows[0]);
    expect(row.reason).toBeNull();
    expect(row).toMatchObject({
      line: 2,
      tn: NUMBER_IMPORT_EXAMPLE.tn,
      voipUser: NUMBER_IMPORT_EXAMPLE.voip_user,
      organization: NUMBER_IMPORT_EXAMPLE.organization,
      assignedOn: NUMBER_IMPORT_EXAMPLE.assigned_on,
    });
  });

  it('ends each of its two lines with CRLF', () => {
    expect(numberImportTemplate()).toMatch(/^[^\r\n]+\r\n[^\r\n]+\r\n$/);
  });
});
