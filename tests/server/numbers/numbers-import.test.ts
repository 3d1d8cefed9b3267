// Number imports over HTTP: the upload, the job's counts and statuses, every bad input of the issue, the error
// report (neutralised), tenant isolation and the admin's import on a provider's behalf.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, NUMBER_IMPORT, ROW_MESSAGES } from '../../../contract/numbers';
import { IMPORTS_DIR } from '../../../server/src/numbers/upload';
import { type TestApp, createTestApp, secondApp, sessionToken } from '../helpers';
import { multipart } from '../accounts/accounts-fixtures';
import {
  type Session,
  csvRows,
  finished,
  importCsv,
  numberRows,
  providerSession,
  uploadTo,
} from './numbers-fixtures';

let t: TestApp;
let a: Session;
let b: Session;
const MAX_BYTES = 64 * 1024;

beforeAll(async () => {
  t = await createTestApp({ config: { numberImportMaxBytes: MAX_BYTES } });
  a = await providerSession(t);
  b = await providerSession(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const importFiles = () => {
  const dir = path.join(t.config.dataDir, IMPORTS_DIR);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

async function numbersOf(s: Session): Promise<string[]> {
  const res = await s.get(`/api/service_provider/tn/assigned?range=${encodeURIComponent('[0,999]')}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { tn: string }[]).map((n) => n.tn);
}

async function errorReport(s: Session, id: string) {
  const res = await s.get(`/api/service_provider/tn/import-history/${id}/errors`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return csvRows(res.body);
}

describe('an import', () => {
  it('answers 202 with the id, runs pending → completed, and its numbers are listed', async () => {
    const res = await a.upload(['tn,voip_user,organization,assigned_on', ...numberRows(5)].join('\n'));
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json();
    const imp = await finished(a, id);
    expect(imp).toMatchObject({
      id,
      filename: 'numbers.csv',
      status: 'completed',
      count: 5,
      success_count: 5,
      fail_count: 0,
    });
    expect(imp.completed_on).not.toBeNull();
    expect(await numbersOf(a)).toEqual(numberRows(5).map((r) => r.split(',')[0]));
    // the file is deleted once imported
    expect(importFiles()).toEqual([]);
    expect(await errorReport(a, id)).toEqual(['line,tn,voip_user,organization,assigned_on,reason']);
  });

  it('counts every bad and duplicate row with its reason and imports the rest', async () => {
    const csv = [
      '\ufeffTN,voip_user,organization,assigned_on', // BOM, header in another case
      '(201) 555-1000,Ann,Acme,2024-03-01', // 2: good
      '201555100A,Ann,Acme,', // 3: letters
      '22015551001,Ann,Acme,', // 4: 11 digits not starting with 1
      '+1 201 555 1000,Bob,Acme,', // 5: duplicate of line 2
      '2015550000,Ann,Acme,', // 6: already imported by the first test
      `2015551002${','.repeat(10_000)}`, // 7: 10,000 commas
      '2015551003,"Smith, Jo\nsecond line",Acme,2024-03-02', // 8-9: quoted newline: good
      '2015551004,Ann', // 10: missing columns
      '2015551005,Ann,Acme,2024-13-01', // 11: bad date
      "2015551006,=cmd|' /C calc'!A0,+Acme,", // 12: good (injection values stored as written)
      '=2015551007,@SUM(1),-1,', // 13: bad number with injection values
    ].join('\r\n');
    const imp = await importCsv(a, csv);
    expect(imp).toMatchObject({ status: 'completed', count: 11, success_count: 3, fail_count: 8 });
    expect(await numbersOf(a)).toEqual(expect.arrayContaining(['2015551000', '2015551003', '2015551006']));
    const report = await errorReport(a, imp.id);
    expect(report[0]).toBe('line,tn,voip_user,organization,assigned_on,reason');
    expect(report.slice(1)).toEqual([
      `3,201555100A,Ann,Acme,,"${ROW_MESSAGES.tnNotDigits}"`,
      `4,22015551001,Ann,Acme,,${ROW_MESSAGES.tn11Digits}`,
      `5,'+1 201 555 1000,Bob,Acme,,Duplicate of line 2 of this file`,
      `6,2015550000,Ann,Acme,,${ROW_MESSAGES.duplicateHeld}`,
      `7,2015551002,,,,"${ROW_MESSAGES.columns(4, 10_001)}"`,
      `10,2015551004,Ann,,,"${ROW_MESSAGES.columns(4, 2)}"`,
      `11,2015551005,Ann,Acme,2024-13-01,${ROW_MESSAGES.date}`,
      `13,'=2015551007,'@SUM(1),'-1,,"${ROW_MESSAGES.tnNotDigits}"`,
    ]);
  });

  it('a quoted value left open swallows the rest of the file as one failed row', async () => {
    const imp = await importCsv(a, 'tn\n2015552000\n"2015552001\n2015552002\n');
    expect(imp).toMatchObject({ status: 'completed', count: 2, success_count: 1, fail_count: 1 });
    expect((await errorReport(a, imp.id))[1]).toBe(
      `3,"2015552001\n2015552002",,,,${ROW_MESSAGES.unterminated}`,
    );
  });
});

describe('bad files are refused with a 4xx, and nothing is kept', () => {
  const refused = async (
    res: { statusCode: number; json(): { message: string } },
    status: number,
    message: string,
  ) => {
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    expect(importFiles()).toEqual([]);
  };

  it('an empty file, no header, a binary file, an unknown column', async () => {
    await refused(await a.upload(''), 400, IMPORT_MESSAGES.empty);
    await refused(await a.upload('2015550100,Ann,Acme\n'), 400, IMPORT_MESSAGES.noHeader);
    await refused(await a.upload('voip_user,organization\nAnn,Acme\n'), 400, IMPORT_MESSAGES.noHeader);
    await refused(await a.upload('tn,phone\n2015550100,1\n'), 400, 'unknown column "phone"');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
    await refused(await a.upload(png), 415, IMPORT_MESSAGES.notCsv);
  });

  it('a file over the limit: 413, the partial file deleted', async () => {
    const big = ['tn', ...numberRows(MAX_BYTES / 8)].join('\n');
    await refused(await a.upload(big), 413, IMPORT_MESSAGES.tooLarge);
  });

  it('not multipart, no file part, a file under another name', async () => {
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/service_provider/tn/import',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'text/csv' },
      payload: 'tn\n2015550100\n',
    });
    expect(notMultipart.statusCode).toBe(415);
    const noFile = multipart({ note: 'x' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/service_provider/tn/import',
      headers: { ...noFile.headers, authorization: `Bearer ${a.token}` },
      payload: noFile.payload,
    });
    await refused(res, 400, IMPORT_MESSAGES.noFile);
    await refused(await a.upload('tn\n2015550100\n', 'n.csv', 'other'), 400, IMPORT_MESSAGES.noFile);
  });

  it('none of them left an import behind', async () => {
    const res = await a.get('/api/service_provider/tn/import-history');
    expect((res.json() as { status: string }[]).every((i) => i.status === 'completed')).toBe(true);
  });
});

describe('tenant isolation', () => {
  it('another provider sees none of the imports or numbers and cannot read an error report', async () => {
    const [mine] = (await a.get('/api/service_provider/tn/import-history')).json() as { id: string }[];
    const theirs = await b.get('/api/service_provider/tn/import-history');
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers['content-range']).toBe('imports 0-0/0');
    expect(await numbersOf(b)).toEqual([]);
    const report = await b.get(`/api/service_provider/tn/import-history/${mine.id}/errors`);
    expect(report.statusCode).toBe(404);
    expect(report.json()).toMatchObject({ statusCode: 404, message: 'Import not found' });
    expect((await b.get('/api/service_provider/tn/import-history/not-a-uuid/errors')).statusCode).toBe(404);
  });

  it('the same number may belong to two providers', async () => {
    const imp = await importCsv(b, 'tn\n2015550000\n');
    expect(imp).toMatchObject({ success_count: 1, fail_count: 0 });
  });
});

describe('the admin imports on a provider’s behalf', () => {
  it('202 and the numbers are the provider’s; unknown provider 404; a provider may not use it', async () => {
    const admin = await sessionToken(t, {
      type: 'admin',
      email: 'admin@portal.test',
      first_name: 'A',
      last_name: 'D',
    });
    const res = await uploadTo(
      t,
      `/api/admin/service_provider/${b.p.spId}/tn/import`,
      admin,
      'tn\n2015553000\n',
    );
    expect(res.statusCode, res.body).toBe(202);
    const imp = await finished(b, res.json().id);
    expect(imp).toMatchObject({ status: 'completed', success_count: 1 });
    expect(await numbersOf(b)).toContain('2015553000');
    expect(await numbersOf(a)).not.toContain('2015553000');
    const unknown = await uploadTo(
      t,
      '/api/admin/service_provider/00000000-0000-4000-8000-000000000009/tn/import',
      admin,
      'tn\n2015553001\n',
    );
    expect(unknown.statusCode).toBe(404);
    const asProvider = await uploadTo(
      t,
      `/api/admin/service_provider/${b.p.spId}/tn/import`,
      a.token,
      'tn\n2015553002\n',
    );
    expect(asProvider.statusCode).toBe(403);
    expect(importFiles()).toEqual([]);
  });
});

describe('the 200 MB limit itself', () => {
  it('a file of 200 MB and one byte, streamed, is refused with 413 and leaves no file', async () => {
    const app = await secondApp(t.db, { ...t.config, numberImportMaxBytes: NUMBER_IMPORT.maxBytes });
    try {
      const boundary = '----limit';
      const line = Buffer.from('2015550100,Ann,Acme,2024-01-01\n'.padStart(64, ' '));
      const body = (size: number) =>
        Readable.from(
          (function* () {
            yield Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n` +
                `Content-Type: text/csv\r\n\r\ntn,voip_user,organization,assigned_on\n`,
            );
            let left = size - 38;
            const block = Buffer.concat(Array.from({ length: 16 * 1024 }, () => line));
            while (left > 0) {
              const part = block.subarray(0, Math.min(block.length, left));
              left -= part.length;
              yield part;
            }
            yield Buffer.from(`\r\n--${boundary}--\r\n`);
          })(),
        );
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/service_provider/tn/import',
        headers: {
          authorization: `Bearer ${a.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body(NUMBER_IMPORT.maxBytes + 1),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ statusCode: 413, message: IMPORT_MESSAGES.tooLarge });
      expect(importFiles()).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);
});
