import { describe, expect, it } from 'vitest';
import { ROW_MESSAGES } from '../../contract/numbers';
import { csvCell, csvLine } from '../../server/src/http/csv';
import { CsvParser, type CsvRecord } from '../../server/src/numbers/csvParser';
import { checkRow, isoDate, normalizeTn, parseHeader } from '../../server/src/numbers/rows';

function parse(chunks: string[], limits = { maxFieldLength: 255, maxFields: 64 }): CsvRecord[] {
  const out: CsvRecord[] = [];
  const p = new CsvParser(limits, (r) => out.push(r));
  for (const c of chunks) p.push(c);
  p.end();
  return out;
}

/** Every split of the text into two chunks gives the same records as one chunk. */
function parseEverySplit(text: string) {
  const whole = parse([text]);
  for (let i = 1; i < text.length; i++) expect(parse([text.slice(0, i), text.slice(i)])).toEqual(whole);
  return whole;
}

describe('the streaming CSV parser', () => {
  it('reads quoted commas, doubled quotes and line ends inside quotes, with their line numbers', () => {
    const rows = parseEverySplit('tn,voip_user\n2015550100,"Smith, ""Jo""\nline two"\r\n2015550101,b\n');
    expect(rows.map((r) => [r.line, r.fields])).toEqual([
      [1, ['tn', 'voip_user']],
      [2, ['2015550100', 'Smith, "Jo"\nline two']],
      [4, ['2015550101', 'b']],
    ]);
  });

  it('skips a UTF-8 BOM, reads CRLF, lone CR and a last line without a line end, ignores blank lines', () => {
    const rows = parseEverySplit('\ufefftn\r\n2015550100\r\r\n2015550101\r2015550102');
    expect(rows.map((r) => [r.line, r.fields[0]])).toEqual([
      [1, 'tn'],
      [2, '2015550100'],
      [4, '2015550101'],
      [5, '2015550102'],
    ]);
  });

  it('counts the cells of a row of 10,000 commas without keeping them', () => {
    const [row] = parse([`2015550100${','.repeat(10_000)}\n`], { maxFieldLength: 255, maxFields: 64 });
    expect(row.fieldCount).toBe(10_001);
    expect(row.fields).toHaveLength(64);
  });

  it('cuts an overlong value and flags the row; an unclosed quote at the end flags it unterminated', () => {
    const [long] = parse(['x'.repeat(1000) + ',b\n'], { maxFieldLength: 10, maxFields: 4 });
    expect(long.overlong).toBe(true);
    expect(long.fields).toEqual(['x'.repeat(10), 'b']);
    const rows = parse(['tn\n"2015550100\n2015550101\n'], { maxFieldLength: 255, maxFields: 4 });
    expect(rows[1]).toMatchObject({ line: 2, unterminated: true });
  });
});

describe('the rows of an import file', () => {
  const header = parseHeader(parse(['TN,Voip_User,organization,assigned_on\n'])[0]);
  const row = (text: string) => checkRow(header, parse([`h\n${text}\n`])[1]);

  it('normalises NANP numbers and says why others are refused', () => {
    expect(normalizeTn('+1 (201) 555-0100')).toEqual({ tn: '2015550100' });
    expect(normalizeTn('1.201.555.0100')).toEqual({ tn: '2015550100' });
    expect(normalizeTn('201555010A')).toEqual({ reason: ROW_MESSAGES.tnNotDigits });
    expect(normalizeTn('22015550100')).toEqual({ reason: ROW_MESSAGES.tn11Digits });
    expect(normalizeTn('20155501')).toEqual({ reason: ROW_MESSAGES.tnLength });
    expect(normalizeTn('1015550100')).toEqual({ reason: ROW_MESSAGES.tnNanp });
    expect(normalizeTn('2011550100')).toEqual({ reason: ROW_MESSAGES.tnNanp });
    expect(normalizeTn('  ')).toEqual({ reason: ROW_MESSAGES.tnMissing });
  });

  it('checks columns, dates and names', () => {
    expect(row('2015550100,Ann,Acme,2024-02-29')).toMatchObject({
      tn: '2015550100',
      assignedOn: '2024-02-29',
    });
    expect(row('2015550100,Ann').reason).toBe(ROW_MESSAGES.columns(4, 2));
    expect(row('2015550100,Ann,Acme,2023-02-29').reason).toBe(ROW_MESSAGES.date);
    expect(row(`2015550100,${'a'.repeat(101)},Acme,`).reason).toBe(ROW_MESSAGES.nameTooLong('voip_user'));
    expect(row('2015550100,A\u0000n,Acme,').reason).toBe(ROW_MESSAGES.binary);
    expect(isoDate('2024-01-31T10:00:00Z')).toBe('2024-01-31');
  });

  it('refuses a header without tn, with an unknown or a repeated column', () => {
    for (const h of ['voip_user\n', '2015550100,Ann\n', 'tn,tn\n', 'tn,phone\n']) {
      expect(() => parseHeader(parse([h])[0])).toThrow(/header/);
    }
  });
});

describe('the CSV writer', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=cmd|"/c calc"!A1')).toBe(`"'=cmd|""/c calc""!A1"`);
    expect(csvCell('+15551234')).toBe("'+15551234");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes commas, quotes and line ends, writes null as empty, ends records with CRLF', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', null, 7])).toBe(
      '"a,b","say ""hi""","two\nlines",,7\r\n',
    );
  });

  it('what it writes reads back as the neutralised values', () => {
    const values = ['=1+2', 'x,y', '"q"', '@a\nb'];
    const [back] = parse([csvLine(values)]);
    expect(back.fields).toEqual(["'=1+2", 'x,y', '"q"', "'@a\nb"]);
  });
});
