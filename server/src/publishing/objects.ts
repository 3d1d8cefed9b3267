// The bytes of each published object, read from the database: exactly what GET /cr/<serial>.pem and
// GET /crl/<issuer>.crl answer, with the headers they answer with.
import { newestCrl } from '../authority/crlStore';
import type { Queryable } from '../db';
import { CR_CONTENT_TYPE, MAX_AGE_CAP_S, certificatesOnly } from '../repository/cr';
import { CRL_CONTENT_TYPE } from '../repository/routes';
import { findPublishedChain } from '../repository/store';
import { type ObjectMeta, crKey, crlKey } from './origin';

export interface PublishedObject {
  key: string;
  bytes: Buffer;
  meta: ObjectMeta;
}

/** The CR answer of one chain: null when it is expired (the portal answers 404) or holds no certificate. */
export function crObjectOf(
  row: { serial_number: string; chain_pem: string; not_after: Date | string },
  now: Date,
): PublishedObject | null {
  const remaining = Math.floor((new Date(row.not_after).getTime() - now.getTime()) / 1000);
  const pem = certificatesOnly(row.chain_pem);
  if (remaining <= 0 || !pem) return null;
  return {
    key: crKey(row.serial_number),
    bytes: Buffer.from(pem),
    meta: {
      contentType: CR_CONTENT_TYPE,
      cacheControl: `public, max-age=${Math.min(remaining, MAX_AGE_CAP_S)}`,
    },
  };
}

/** The CR answer of `serial`, or null when the portal answers none (unknown, pending, failed, expired). */
export async function crObject(db: Queryable, serial: string, now: Date): Promise<PublishedObject | null> {
  const row = await findPublishedChain(db, serial);
  return row ? crObjectOf({ ...row, serial_number: serial }, now) : null;
}

/** The newest CRL of `issuerId` and its number, or null when it has none yet. */
export async function crlObject(
  db: Queryable,
  issuerId: string,
): Promise<(PublishedObject & { crlNumber: number }) | null> {
  const row = await newestCrl(db, issuerId);
  if (!row) return null;
  return {
    key: crlKey(issuerId),
    bytes: Buffer.from(row.der),
    meta: {
      contentType: CRL_CONTENT_TYPE,
      cacheControl: 'public, max-age=3600',
      lastModified: new Date(row.this_update),
    },
    crlNumber: Number(row.crl_number),
  };
}
