// The CRL publisher: issues each issuer's CRL (numbered in the store, built and signed by the CA), re-issues it
// at once after a revocation, refreshes it daily, and keeps the newest of each issuer in memory for CRL_MEMORY_MS
// so that /crl/ reads nothing from the database on most requests. One per app, built by the composition root.
import { type CrlIssuer, crlTimes, signCrl } from '../ca';
import type { Database, Queryable } from '../db';
import { etagOf } from '../repository/cr';
import { type CrlRow, insertCrl, newestCrl, nextCrlNumber, revokedUnexpired } from './crlStore';
import { currentIssuerIds, issuerExists } from './store';

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
  /** The issuers whose CRLs this process signs: the CA's intermediate and root (and any other it holds). */
  issuers: readonly CrlIssuer[];
}

export interface CrlPublisher {
  /** Builds, signs and stores a new CRL of `issuerId` now; CrlError when no signer is held for it. */
  issue(issuerId: string): Promise<CrlRow>;
  /**
   * Right after a certificate of `issuerId` was revoked: the CRL is re-issued at once. A failure is logged and
   * answered as null (the revocation itself stands; the daily refresh publishes it at the latest).
   */
  reissue(issuerId: string): Promise<CrlRow | null>;
  /**
   * The CRL to serve for `issuerId`: the newest (from memory when read less than CRL_MEMORY_MS ago), issued now
   * when there is none or it has lapsed. null when no such issuer exists; CrlUnavailableError when none can be had.
   */
  current(issuerId: string): Promise<ServedCrl | null>;
  /**
   * The daily job: re-issues the CRL of every current issuer whose signer is held. With `onlyStale`, only those
   * whose newest CRL is missing or older than a day (the check at start). Answers the issuers done.
   */
  refresh(opts?: { onlyStale?: boolean }): Promise<string[]>;
}

export function createCrlPublisher(deps: CrlPublisherDeps): CrlPublisher {
  const { db, log } = deps;
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
    const row = await newestCrl(db, issuerId);
    return row ? remember(row) : null;
  }

  async function signAndStore(issuer: CrlIssuer, now: Date): Promise<CrlRow> {
    const { thisUpdate, nextUpdate } = crlTimes(now);
    const row = await db.transaction(async (tx: Queryable) => {
      const crlNumber = await nextCrlNumber(tx, issuer.id);
      const revoked = await revokedUnexpired(tx, issuer.id, thisUpdate);
      const entries = revoked.map((r) => ({
        serial: r.serial_number,
        revokedAt: new Date(r.revoked_on),
        reason: r.revocation_reason,
      }));
      const der = await signCrl(issuer, { entries, crlNumber, thisUpdate, nextUpdate });
      const stored: CrlRow = {
        issuer_id: issuer.id,
        crl_number: crlNumber,
        this_update: thisUpdate,
        next_update: nextUpdate,
        der,
      };
      await insertCrl(tx, stored);
      log.info({ issuer: issuer.id, crlNumber, entries: entries.length }, 'CRL issued');
      return stored;
    });
    remember(row);
    return row;
  }

  async function issue(issuerId: string): Promise<CrlRow> {
    const issuer = signerOf(issuerId);
    if (!issuer) throw new CrlError(`no signer is held for issuer ${issuerId}: its CRL cannot be issued`);
    return signAndStore(issuer, deps.now());
  }

  return {
    issue,

    async reissue(issuerId) {
      try {
        return await issue(issuerId);
      } catch (err) {
        log.error({ err, issuer: issuerId }, 'CRL re-issue after a revocation failed');
        return null;
      }
    },

    current: (issuerId) => currentCrl({ ...deps, served, issue }, issuerId),
    refresh: (opts = {}) => refreshCrls({ ...deps, signerOf, signAndStore }, opts),
  };
}

/** What `current` needs of the publisher besides its deps. */
interface CurrentDeps extends CrlPublisherDeps {
  served(issuerId: string): Promise<ServedCrl | null>;
  issue(issuerId: string): Promise<CrlRow>;
}

async function currentCrl(deps: CurrentDeps, issuerId: string): Promise<ServedCrl | null> {
  let crl = await deps.served(issuerId);
  if (crl && new Date(crl.row.next_update).getTime() > deps.now().getTime()) return crl;
  // None yet (or the refresh failed long enough for it to lapse): issue one now when the signer is held.
  if (!crl && !(await issuerExists(deps.db, issuerId))) return null;
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
  signerOf(issuerId: string): CrlIssuer | undefined;
  signAndStore(issuer: CrlIssuer, now: Date): Promise<CrlRow>;
}

async function refreshCrls(deps: RefreshDeps, opts: { onlyStale?: boolean }): Promise<string[]> {
  const issued: string[] = [];
  for (const id of await currentIssuerIds(deps.db)) {
    const issuer = deps.signerOf(id);
    if (!issuer) continue;
    if (opts.onlyStale) {
      const newest = await newestCrl(deps.db, id);
      if (newest && deps.now().getTime() - new Date(newest.this_update).getTime() < CRL_REFRESH_AFTER_MS)
        continue;
    }
    await deps.signAndStore(issuer, deps.now());
    issued.push(id);
  }
  return issued;
}
