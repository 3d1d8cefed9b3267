// The CRL publisher: issues each issuer's CRL (numbered in its book, built and signed by the CA), re-issues it
// at once after a revocation, refreshes it daily, and keeps the newest of each issuer in memory for CRL_MEMORY_MS
// so that /crl/ reads nothing from the database on most requests. One per app for the CA's CRLs, built by the
// composition root; the STI-PA simulator runs one more on its own book.
import { type CrlEntry, type CrlIssuer, X509Certificate, crlTimes, signCrl } from '../ca';
import type { Database, Queryable } from '../db';
import { etagOf } from '../repository/cr';
import {
  type CrlRow,
  insertCrl,
  newestCrl,
  nextCrlNumber,
  revokedStiScas,
  revokedUnexpired,
} from './crlStore';

/** Where one family of CRLs is kept, and what they list. */
export interface CrlBook {
  newest(db: Queryable, issuerId: string): Promise<CrlRow | null>;
  /** The next CRL number, serialising issuance per issuer until the transaction ends. */
  nextNumber(tx: Queryable, issuerId: string): Promise<number>;
  insert(tx: Queryable, row: CrlRow): Promise<void>;
  /** What the CRL of `issuer` lists at `at`: revoked certificates in its scope that have not expired. */
  listed(tx: Queryable, issuer: CrlIssuer, at: Date): Promise<CrlEntry[]>;
}

/**
 * The CA's own CRLs (table crls). A CA certificate of an earlier release signs its own, direct CRL: the provider
 * certificates it issued that were revoked. The dedicated CRL signer's indirect CRL covers the CA certificates the
 * root issued, the portal never revokes one of those itself, and the providers' STI-SCAs, whose distribution
 * point it is: it lists the revoked STI-SCAs, each naming the delegate intermediate that issued it, and the revoked
 * delegate certificates, each naming the STI-SCA that signed it (docs/delegates.md).
 */
export const caCrlBook: CrlBook = {
  newest: (db, issuerId) => newestCrl(db, issuerId),
  nextNumber: (tx, issuerId) => nextCrlNumber(tx, issuerId),
  insert: (tx, row) => insertCrl(tx, row),
  async listed(tx, issuer, at) {
    if (issuer.indirect) {
      const stiScas = await revokedStiScas(tx, at);
      return stiScas.map((r) => ({
        serial: r.serial_number,
        revokedAt: new Date(r.revoked_on),
        reason: r.revocation_reason,
        certificateIssuer: new Uint8Array(
          new X509Certificate(r.issuer_pem ?? new Uint8Array(r.issuer_der!)).subjectName.toArrayBuffer(),
        ),
      }));
    }
    const revoked = await revokedUnexpired(tx, issuer.id, at);
    return revoked.map((r) => ({
      serial: r.serial_number,
      revokedAt: new Date(r.revoked_on),
      reason: r.revocation_reason,
    }));
  },
};

export const CRL_REFRESH_AFTER_MS = 86_400_000;

/**
 * How long a process answers `/crl/` from memory before it reads the database again. A re-issue by this
 * process replaces the entry at once; one by another instance shows within this time (verifiers keep a CRL
 * for an hour anyway, per its Cache-Control).
 */
export const CRL_MEMORY_MS = 5_000;

export class CrlError extends Error {
  override readonly name = 'CrlError';
}

/** The issuer is known, but it has no CRL and none can be signed now. */
export class CrlUnavailableError extends Error {
  override readonly name = 'CrlUnavailableError';
}

export interface ServedCrl {
  row: CrlRow;
  der: Buffer;
  etag: string;
  lastModified: string;
  /** Date.now() when read: the memory's own clock, not the app's (tests move that one). */
  readAt: number;
}

export interface CrlPublisherDeps {
  db: Database;
  now: () => Date;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** The issuers whose CRLs this process signs (ca.crlSigners: every CA certificate with cRLSign whose key is held). */
  issuers: readonly CrlIssuer[];
  /** Where the CRLs are kept and what they list; the CA's own (caCrlBook) by default. */
  book?: CrlBook;
  /** After each CRL is signed and committed (publishing it to a static origin); a failure is only logged. */
  onIssued?: (row: CrlRow) => Promise<void>;
}

export interface CrlPublisher {
  /** Builds, signs and stores a new CRL of `issuerId` now; CrlError when no signer is held for it. */
  issue(issuerId: string): Promise<CrlRow>;
  /** Whether this publisher signs the CRL of `issuerId` (an intermediate of v005 signs none: the STI-PA's lists). */
  signs(issuerId: string): boolean;
  /**
   * Right after a certificate of `issuerId` was revoked: the CRL is re-issued at once. A failure is logged and
   * answered as null (the revocation itself stands; the daily refresh publishes it at the latest).
   */
  reissue(issuerId: string): Promise<CrlRow | null>;
  /**
   * The CRL to serve for `issuerId`: the newest (from memory when read less than CRL_MEMORY_MS ago), issued now
   * when there is none or it has lapsed. null when no CRL of that issuer exists nor can be signed here;
   * CrlUnavailableError when the newest has lapsed and no new one can be signed.
   */
  current(issuerId: string): Promise<ServedCrl | null>;
  /**
   * The daily job: re-issues the CRL of every issuer it signs for. With `onlyStale`, only those whose newest CRL
   * is missing or older than a day (the check at start). Answers the issuers done.
   */
  refresh(opts?: { onlyStale?: boolean }): Promise<string[]>;
}

export function createCrlPublisher(deps: CrlPublisherDeps): CrlPublisher {
  const { db, log } = deps;
  const book = deps.book ?? caCrlBook;
  const memory = new Map<string, ServedCrl>();
  const signerOf = (issuerId: string) => deps.issuers.find((i) => i.id === issuerId);

  function remember(row: CrlRow): ServedCrl {
    const der = Buffer.from(row.der);
    const entry: ServedCrl = {
      row,
      der,
      etag: etagOf(der),
      lastModified: new Date(row.this_update).toUTCString(),
      readAt: Date.now(),
    };
    const held = memory.get(row.issuer_id);
    // Two re-issues racing: the higher CRL number wins.
    if (!held || held.row.crl_number <= row.crl_number || Date.now() - held.readAt >= CRL_MEMORY_MS)
      memory.set(row.issuer_id, entry);
    return memory.get(row.issuer_id)!;
  }

  async function served(issuerId: string): Promise<ServedCrl | null> {
    const hit = memory.get(issuerId);
    if (hit && Date.now() - hit.readAt < CRL_MEMORY_MS) return hit;
    const row = await book.newest(db, issuerId);
    return row ? remember(row) : null;
  }

  async function signAndStore(issuer: CrlIssuer, now: Date): Promise<CrlRow> {
    const { thisUpdate, nextUpdate } = crlTimes(now);
    const row = await db.transaction(async (tx: Queryable) => {
      const crlNumber = await book.nextNumber(tx, issuer.id);
      const entries = await book.listed(tx, issuer, thisUpdate);
      const der = await signCrl(issuer, { entries, crlNumber, thisUpdate, nextUpdate });
      const stored: CrlRow = {
        issuer_id: issuer.id,
        crl_number: crlNumber,
        this_update: thisUpdate,
        next_update: nextUpdate,
        der,
      };
      await book.insert(tx, stored);
      log.info({ issuer: issuer.id, crlNumber, entries: entries.length }, 'CRL issued');
      return stored;
    });
    remember(row);
    if (deps.onIssued) {
      try {
        await deps.onIssued(row);
      } catch (err) {
        log.error({ err, issuer: issuer.id }, 'the signed CRL could not be queued for publishing');
      }
    }
    return row;
  }

  async function issue(issuerId: string): Promise<CrlRow> {
    const issuer = signerOf(issuerId);
    if (!issuer) throw new CrlError(`no signer is held for issuer ${issuerId}: its CRL cannot be issued`);
    return signAndStore(issuer, deps.now());
  }

  return {
    issue,
    signs: (issuerId) => Boolean(signerOf(issuerId)),

    async reissue(issuerId) {
      if (!signerOf(issuerId)) return null;
      try {
        return await issue(issuerId);
      } catch (err) {
        log.error({ err, issuer: issuerId }, 'CRL re-issue after a revocation failed');
        return null;
      }
    },

    current: (issuerId) => currentCrl({ ...deps, served, issue, signerOf }, issuerId),
    refresh: (opts = {}) => refreshCrls({ ...deps, book, signAndStore }, opts),
  };
}

/** What `current` needs of the publisher besides its deps. */
interface CurrentDeps extends CrlPublisherDeps {
  served(issuerId: string): Promise<ServedCrl | null>;
  issue(issuerId: string): Promise<CrlRow>;
  signerOf(issuerId: string): CrlIssuer | undefined;
}

async function currentCrl(deps: CurrentDeps, issuerId: string): Promise<ServedCrl | null> {
  let crl = await deps.served(issuerId);
  if (crl && new Date(crl.row.next_update).getTime() > deps.now().getTime()) return crl;
  // None yet (or the refresh failed long enough for it to lapse): issue one now when the signer is held.
  if (!crl && !deps.signerOf(issuerId)) return null;
  try {
    await deps.issue(issuerId);
    crl = await deps.served(issuerId);
  } catch (err) {
    if (!(err instanceof CrlError)) throw err;
    deps.log.error({ err, issuer: issuerId }, 'CRL could not be issued on request');
  }
  if (!crl) throw new CrlUnavailableError('The CRL of this issuer is not available yet');
  return crl;
}

interface RefreshDeps extends CrlPublisherDeps {
  book: CrlBook;
  signAndStore(issuer: CrlIssuer, now: Date): Promise<CrlRow>;
}

async function refreshCrls(deps: RefreshDeps, opts: { onlyStale?: boolean }): Promise<string[]> {
  const issued: string[] = [];
  for (const issuer of deps.issuers) {
    const id = issuer.id;
    if (opts.onlyStale) {
      const newest = await deps.book.newest(deps.db, id);
      if (newest && deps.now().getTime() - new Date(newest.this_update).getTime() < CRL_REFRESH_AFTER_MS)
        continue;
    }
    await deps.signAndStore(issuer, deps.now());
    issued.push(id);
  }
  return issued;
}
