// Shared pieces of the number tests: a provider signed in, uploading a CSV, waiting for its import to finish.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { NumberImport } from '../../../contract/numbers';
import { multipart } from '../accounts/accounts-fixtures';
import { type Provider, activeProvider, tokenOf } from '../billing/billing-fixtures';
import type { TestApp } from '../helpers';

export interface Session {
  p: Provider;
  token: string;
  get(url: string): Promise<LightMyRequestResponse>;
  upload(csv: string | Buffer, filename?: string, field?: string): Promise<LightMyRequestResponse>;
}

export function uploadTo(
  t: TestApp,
  url: string,
  token: string,
  csv: string | Buffer,
  filename = 'numbers.csv',
  field = 'file',
  headers: Record<string, string> = {},
) {
  const body = multipart({}, [
    { name: field, filename, type: 'text/csv', data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) },
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

export async function providerSession(t: TestApp): Promise<Session> {
  const p = await activeProvider(t);
  const token = await tokenOf(t, p);
  const headers = { authorization: `Bearer ${token}` };
  return {
    p,
    token,
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    upload: (csv, filename, field) =>
      uploadTo(t, '/api/service_provider/tn/import', token, csv, filename, field),
  };
}

/** The import as the history lists it. */
export async function importRecord(s: Session, id: string): Promise<NumberImport | undefined> {
  const res = await s.get(`/api/service_provider/tn/import-history?range=${encodeURIComponent('[0,999]')}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as NumberImport[]).find((i) => i.id === id);
}

/** Waits until the import is completed or failed (the job queue runs it), and returns it. */
export async function finished(s: Session, id: string, timeoutMs = 60_000): Promise<NumberImport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const imp = await importRecord(s, id);
    if (imp && (imp.status === 'completed' || imp.status === 'failed')) return imp;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${imp?.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Uploads and waits for the end of the import. */
export async function importCsv(s: Session, csv: string | Buffer): Promise<NumberImport> {
  const res = await s.upload(csv);
  expect(res.statusCode, res.body).toBe(202);
  return finished(s, res.json().id as string);
}

/** n valid distinct numbers from 201-555-0000 on, as CSV rows `tn,voip_user,organization,assigned_on`. */
export function numberRows(
  n: number,
  start = 0,
  row = (tn: string, i: number) =>
    `${tn},user${i % 7},org${i % 3},2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
) {
  const out: string[] = [];
  for (let i = start; i < start + n; i++) {
    const tn = String(2015550000 + i);
    out.push(row(tn, i));
  }
  return out;
}

/** The rows of a CSV answer, split on CRLF (no embedded line ends in these tests). */
export function csvRows(body: string): string[] {
  return body.split('\r\n').filter((l) => l !== '');
}
