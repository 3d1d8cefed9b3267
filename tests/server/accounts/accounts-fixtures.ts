// Shared pieces of the accounts and mail tests: a real PNG, a multipart body, a valid registration,
// links read back from the outbox, and rows only later modules create (subscriptions, resellers).
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { Config } from '../../../server/src/config';
import type { Database } from '../../../server/src/db';
import { readOutbox, type TestApp } from '../helpers';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real RGBA PNG: black strokes on white would look the same to the server as this blank page. */
export function makePng(width = 40, height = 12, opts: { ihdr?: (ihdr: Buffer) => void } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  opts.ihdr?.(ihdr);
  const row = Buffer.alloc(1 + width * 4, 0xff);
  row[0] = 0; // filter: none
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: Record<string, string> | [string, string][], files: FilePart[] = []) {
  const boundary = `----portaltest${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename ?? 'sign.png'}"\r\n` +
          `Content-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let serial = 0;

/** A complete, valid registration with an email and OCN no other call of this process uses. */
export function registration(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  serial += 1;
  const n = String(serial % 1000).padStart(3, '0');
  const fields: Record<string, string | undefined> = {
    ocn: `${n}${'ABCDEFGHJK'[Math.floor(serial / 1000) % 10]}`,
    email: `owner${serial}.${randomBytes(3).toString('hex')}@carrier.test`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone_number: '(202) 555-0143',
    title: 'CTO',
    company_name: 'Analytical Telecom',
    address: '1 Engine Way',
    country: 'US',
    state: 'NY',
    city: 'New York',
    zipcode: '10001',
    filer_id: '123456',
    frn_number: '0012345678',
    printed_name: 'Ada Lovelace',
    password: 'secret-pass',
    confirm_password: 'secret-pass',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

export function register(
  t: TestApp,
  fields: Record<string, string> = registration(),
  signature: Buffer | null = makePng(),
) {
  const body = multipart(fields, signature ? [{ name: 'sign_file', data: signature }] : []);
  return t.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
}

export function postJson(t: TestApp, url: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

export function login(t: TestApp, email: string, password: string, extra: Record<string, unknown> = {}) {
  return postJson(t, '/api/auth/login', { email, password, ...extra });
}

/** Undoes quoted-printable (soft line breaks, =XX), so links read as they were written. */
export function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export function headerOf(eml: string, name: string): string | undefined {
  const head = eml.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1];
}

/** The mails of the outbox sent to one address, oldest first. */
export function mailsTo(config: Config, to: string): string[] {
  return readOutbox(config).filter((eml) => headerOf(eml, 'To')?.toLowerCase().includes(to.toLowerCase()));
}

/** The first link of a mail, and its token. */
export function linkIn(eml: string): { url: URL; token: string } {
  const match = /https?:\/\/[^\s"<>]+/.exec(decodeQuotedPrintable(eml));
  if (!match) throw new Error('no link in the mail');
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return { url, token: url.searchParams.get('token') ?? '' };
}

/** The token of the newest mail to that address. */
export function lastToken(config: Config, to: string): string {
  const mails = mailsTo(config, to);
  if (!mails.length) throw new Error(`no mail to ${to}`);
  return linkIn(mails[mails.length - 1]).token;
}

const DAY = 86_400_000;

/** A subscription row as billing will write it; `days` around today. */
export async function insertSubscription(
  db: Database,
  serviceProviderId: string,
  status: 'incomplete' | 'active' | 'past_due' | 'canceled' | 'expired',
  period: { startDays: number; endDays: number } = { startDays: -10, endDays: 20 },
) {
  const now = Date.now();
  await db.query(
    `INSERT INTO subscriptions (service_provider_id, status, recurring_interval, current_period_start, current_period_end)
     VALUES ($1, $2, 'month', $3, $4)`,
    [serviceProviderId, status, new Date(now + period.startDays * DAY), new Date(now + period.endDays * DAY)],
  );
}

/** A reseller as the admin module will create it: an account without a password and its promo code. */
export async function insertReseller(
  db: Database,
  opts: { email?: string; code?: string; active?: boolean; company?: string } = {},
): Promise<{ accountId: string; resellerId: string; email: string; code: string }> {
  const email = opts.email ?? `reseller.${randomBytes(4).toString('hex')}@resell.test`;
  const code = opts.code ?? `rc${randomBytes(6).toString('hex')}`;
  const [account] = await db.query<{ id: string }>(
    `INSERT INTO accounts (type, email, first_name, last_name) VALUES ('reseller', $1, 'Rita', 'Reseller') RETURNING id`,
    [email],
  );
  const [reseller] = await db.query<{ id: string }>(
    `INSERT INTO resellers (account_id, company_name, url_token, is_active) VALUES ($1, $2, $3, $4) RETURNING id`,
    [account.id, opts.company ?? 'Resell Co', code, opts.active ?? true],
  );
  return { accountId: account.id, resellerId: reseller.id, email, code };
}

export async function count(db: Database, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row.n;
}
