// The portal's own CRL per issuer: DER, v2, signed through the issuer's Signer, nextUpdate 7 days ahead,
// CRL number monotonic from the crls table, AKI, one entry per revoked unexpired certificate with its reason.
// Re-issued on every revocation (onCertificateRevoked) and by the daily crl.refresh job.
import type { AppContext } from '../context';
import type { Database, Queryable } from '../db';
import { TAG, tlv } from '../ca/der';
import { etagOf } from './cr';
import { issuerKeyIdentifier } from '../ca/issuer';
import { type Signer, signerCrypto } from '../ca/signer';
import { type X509Certificate, X509CrlGenerator, X509CrlReason, type X509CrlEntryParams } from '../ca/x509';
import { OID, authorityKeyIdentifierValue, extension } from '../ca/x509Parts';
import {
  type CrlRow,
  currentIssuerIds,
  insertCrl,
  newestCrl,
  nextCrlNumber,
  revokedUnexpired,
} from './store';

export const CRL_VALIDITY_MS = 7 * 86_400_000;
export const CRL_REFRESH_AFTER_MS = 86_400_000;
export const CRL_REFRESH_JOB = 'crl.refresh';
export const CRL_REFRESH_CRON = '0 3 * * *';
const CRL_NUMBER_OID = '2.5.29.20';

/** What signs one issuer's CRL: its ca_issuers id, its certificate and its Signer. */
export interface CrlIssuer {
  id: string;
  certificate: X509Certificate;
  signer: Signer;
}

export interface CrlDeps {
  db: Database;
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export class CrlError extends Error {
  override readonly name = 'CrlError';
}

const REASONS: Record<string, X509CrlReason | undefined> = {
  // RFC 5280 §5.3.1: reasonCode unspecified SHOULD be absent.
  unspecified: undefined,
  key_compromise: X509CrlReason.keyCompromise,
  affiliation_changed: X509CrlReason.affiliationChanged,
  superseded: X509CrlReason.superseded,
  cessation_of_operation: X509CrlReason.cessationOfOperation,
};

/** A positive INTEGER's minimal DER content octets. */
function integerContent(n: number): Uint8Array {
  let hexText = BigInt(n).toString(16);
  if (hexText.length % 2) hexText = `0${hexText}`;
  const bytes = Buffer.from(hexText, 'hex');
  return bytes[0] & 0x80 ? Uint8Array.from([0, ...bytes]) : new Uint8Array(bytes);
}

// ---- which signer signs which issuer's CRL ----

const registered = new WeakMap<object, Map<string, CrlIssuer>>();

/**
 * Makes `issuer` known for CRLs on `db` (tests, or a bootstrap that holds the signer). The CA bootstrap's
 * `ctx.ca` is looked at first.
 */
export function registerCrlIssuer(db: object, issuer: CrlIssuer): void {
  let map = registered.get(db);
  if (!map) registered.set(db, (map = new Map()));
  map.set(issuer.id, issuer);
}

const isCrlIssuer = (v: unknown): v is CrlIssuer =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as CrlIssuer).id === 'string' &&
  typeof (v as CrlIssuer).signer?.sign === 'function' &&
  typeof (v as CrlIssuer).certificate === 'object';

/** The signer of `issuerId` from ctx.ca ({ intermediate, root? }) or the registry; null when none is held. */
export async function resolveCrlIssuer(
  ctx: Pick<AppContext, 'db'>,
  issuerId: string,
): Promise<CrlIssuer | null> {
  const ca = await (ctx as unknown as { ca?: unknown }).ca;
  if (ca && typeof ca === 'object') {
    for (const key of ['intermediate', 'root']) {
      const candidate = (ca as Record<string, unknown>)[key];
      if (isCrlIssuer(candidate) && candidate.id === issuerId) return candidate;
    }
  }
  return registered.get(ctx.db)?.get(issuerId) ?? null;
}

// ---- issuing ----

/** Builds, signs and stores a new CRL for `issuer`; returns the stored row. */
export async function issueCrl(deps: CrlDeps, issuer: CrlIssuer, now: Date): Promise<CrlRow> {
  const thisUpdate = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const nextUpdate = new Date(thisUpdate.getTime() + CRL_VALIDITY_MS);
  const akiValue = authorityKeyIdentifierValue(issuerKeyIdentifier(issuer.certificate));
  const row = await deps.db.transaction(async (tx: Queryable) => {
    const crlNumber = await nextCrlNumber(tx, issuer.id);
    const revoked = await revokedUnexpired(tx, issuer.id, thisUpdate);
    const entries: X509CrlEntryParams[] = revoked.map((r) => {
      const reason = r.revocation_reason ? REASONS[r.revocation_reason] : undefined;
      return {
        serialNumber: r.serial_number,
        revocationDate: new Date(Math.floor(new Date(r.revoked_on).getTime() / 1000) * 1000),
        ...(reason !== undefined ? { reason } : {}),
      };
    });
    const crl = await X509CrlGenerator.create(
      {
        issuer: issuer.certificate.subjectName,
        thisUpdate,
        nextUpdate,
        entries,
        extensions: [
          extension(OID.authorityKeyIdentifier, false, akiValue),
          extension(CRL_NUMBER_OID, false, tlv(TAG.integer, integerContent(crlNumber))),
        ],
        signingKey: issuer.signer.publicKey,
        signingAlgorithm: issuer.signer.algorithm,
      },
      signerCrypto(issuer.signer),
    );
    const row: CrlRow = {
      issuer_id: issuer.id,
      crl_number: crlNumber,
      this_update: thisUpdate,
      next_update: nextUpdate,
      der: new Uint8Array(crl.rawData),
    };
    await insertCrl(tx, row);
    deps.log?.info({ issuer: issuer.id, crlNumber, entries: entries.length }, 'CRL issued');
    return row;
  });
  remember(deps.db, row);
  return row;
}

// ---- the newest CRL of each issuer, served from memory ----

/**
 * How long a process answers `/crl/` from memory before it reads the database again. A re-issue by this
 * process replaces the entry at once; one by another instance shows within this time (verifiers keep a CRL
 * for an hour anyway, per its Cache-Control).
 */
export const CRL_MEMORY_MS = 5_000;

export interface ServedCrl {
  row: CrlRow;
  der: Buffer;
  etag: string;
  lastModified: string;
  /** Date.now() when read: the memory's own clock, not the app's (tests move that one). */
  readAt: number;
}

const served = new WeakMap<object, Map<string, ServedCrl>>();

function remember(db: object, row: CrlRow): ServedCrl {
  let map = served.get(db);
  if (!map) served.set(db, (map = new Map()));
  const der = Buffer.from(row.der);
  const entry: ServedCrl = {
    row,
    der,
    etag: etagOf(der),
    lastModified: new Date(row.this_update).toUTCString(),
    readAt: Date.now(),
  };
  const current = map.get(row.issuer_id);
  // Two re-issues racing: the higher CRL number wins.
  if (!current || current.row.crl_number <= row.crl_number || Date.now() - current.readAt >= CRL_MEMORY_MS)
    map.set(row.issuer_id, entry);
  return map.get(row.issuer_id)!;
}

/** The newest CRL of `issuerId` with its ETag, from memory when read less than CRL_MEMORY_MS ago. */
export async function servedCrl(ctx: Pick<AppContext, 'db'>, issuerId: string): Promise<ServedCrl | null> {
  const hit = served.get(ctx.db)?.get(issuerId);
  if (hit && Date.now() - hit.readAt < CRL_MEMORY_MS) return hit;
  const row = await newestCrl(ctx.db, issuerId);
  return row ? remember(ctx.db, row) : null;
}

/** Issues `issuerId`'s CRL now, through the signer the CA holds. */
export async function issueCrlFor(
  ctx: Pick<AppContext, 'db' | 'now'> & Partial<Pick<AppContext, 'log'>>,
  issuerId: string,
): Promise<CrlRow> {
  const issuer = await resolveCrlIssuer(ctx, issuerId);
  if (!issuer) throw new CrlError(`no signer is held for issuer ${issuerId}: its CRL cannot be issued`);
  return issueCrl({ db: ctx.db, log: ctx.log }, issuer, ctx.now());
}

/**
 * Called right after a certificate of `issuerId` was revoked: the CRL is re-issued at once. A failure is
 * logged and returned as null (the revocation itself stands; the daily job publishes it at the latest).
 */
export async function onCertificateRevoked(
  ctx: Pick<AppContext, 'db' | 'now'> & Partial<Pick<AppContext, 'log'>>,
  issuerId: string,
): Promise<CrlRow | null> {
  try {
    return await issueCrlFor(ctx, issuerId);
  } catch (err) {
    ctx.log?.error({ err, issuer: issuerId }, 'CRL re-issue after a revocation failed');
    return null;
  }
}

/**
 * The daily job: re-issues the CRL of every current issuer whose signer is held. With `onlyStale`, only
 * those whose newest CRL is missing or older than one day (the check at start).
 */
export async function refreshCrls(
  ctx: Pick<AppContext, 'db' | 'now'> & Partial<Pick<AppContext, 'log'>>,
  opts: { onlyStale?: boolean } = {},
): Promise<string[]> {
  const issued: string[] = [];
  for (const id of await currentIssuerIds(ctx.db)) {
    const issuer = await resolveCrlIssuer(ctx, id);
    if (!issuer) continue;
    if (opts.onlyStale) {
      const newest = await newestCrl(ctx.db, id);
      if (newest && ctx.now().getTime() - new Date(newest.this_update).getTime() < CRL_REFRESH_AFTER_MS)
        continue;
    }
    await issueCrl({ db: ctx.db, log: ctx.log }, issuer, ctx.now());
    issued.push(id);
  }
  return issued;
}
