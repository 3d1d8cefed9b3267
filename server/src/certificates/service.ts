// The provider side of the CA: what its services share (the actor, the narrow deps, the wire view of a
// certificate, the not-found rules) and the provider's private keys. Issuance is issuance.ts, revocation
// revocation.ts. Services take the actor first and scope every query by its provider: another provider's key or
// certificate is "not found".
import { randomUUID } from 'node:crypto';
import type { CertificateRow } from '../../../contract/api';
import { CR_PATH_NOT_CREATED, certificateState } from '../../../contract/certificates';
import type { CrlPublisher } from '../authority';
import {
  type CertificateAuthority,
  type KeyStore,
  KeyStoreError,
  type PrivateKeyFormat,
  type SecretBox,
} from '../ca';
import type { Config } from '../config';
import type { Database } from '../db';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import type { ListQuery } from '../http/list';
import type { StiPa } from '../integrations/stipa';
import type { Mailer } from '../integrations/mail/mailer';
import type { JobQueue } from '../jobs/queue';
import { recordAudit } from './audit';
import * as store from './store';

export interface Actor {
  accountId: string;
  email: string;
  serviceProviderId: string;
  ip: string | null;
}

/** The log the services write to (pino's shape, without Fastify). */
export interface ServiceLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  child(bindings: object): ServiceLog;
}

/** What the certificates module is built from; the composition root hands in each part once. */
export interface CertificateDeps {
  db: Database;
  now: () => Date;
  /** Read on each request, never copied. */
  config: Pick<
    Config,
    | 'publicUrl'
    | 'crlUrl'
    | 'certPolicyOid'
    | 'stiPaRateLimit'
    | 'renewalRevokeDelaySeconds'
    | 'pendingGraceSeconds'
    | 'publishDir'
    | 'publishS3'
  >;
  /** Providers' private keys. */
  keys: KeyStore;
  ca: Pick<CertificateAuthority, 'intermediate' | 'leafIssuer'>;
  stiPa: StiPa;
  /** Re-signs an issuer's CRL at once after a revocation. */
  crl: Pick<CrlPublisher, 'reissue'>;
  jobs: Pick<JobQueue, 'send'>;
  mailer: Mailer;
  log: ServiceLog;
  /** Seals the STI-PA credentials of automatic renewal under the key-encryption key. */
  secrets: SecretBox;
}

export const KEY_NOT_FOUND = 'Private key not found';
export const CERTIFICATE_NOT_FOUND = 'Certificate not found';
export const ALREADY_REVOKED = 'This certificate is already revoked';
export const MAX_TAKE = 9999;

const SERIAL = /^[0-9a-f]{16,40}$/;
export const auditActor = (a: Actor) => ({ accountId: a.accountId, email: a.email });

export function assertSerialParam(serial: string): string {
  const s = serial.toLowerCase();
  if (!SERIAL.test(s)) throw notFound(CERTIFICATE_NOT_FOUND);
  return s;
}

/**
 * A certificate on the wire; `c` says which certificate renewed it, if one still valid did (a new one: none). Its
 * state (current, replaced, revoked, expired) is certificateState's, in contract/certificates.ts.
 */
export function certificateView(
  deps: { config: Pick<Config, 'publicUrl'>; now: () => Date },
  c: store.CertificateRecord & Partial<Pick<store.ListedCertificate, 'replaced_by' | 'auto_renew'>>,
): CertificateRow {
  const published = c.status === 'issued' || c.status === 'revoked';
  const row = {
    status: c.status,
    replaced_by: c.replaced_by ?? null,
    sti_cert_expire_date: c.not_after?.toISOString() ?? null,
  };
  return {
    id: c.id,
    created_on: c.created_on.toISOString(),
    sti_cert_start_date: c.not_before?.toISOString() ?? null,
    cr_path: published ? `${deps.config.publicUrl}/cr/${c.serial_number}.pem` : CR_PATH_NOT_CREATED,
    serial_number: c.serial_number,
    ...row,
    is_current: certificateState(row, deps.now()).state === 'current',
    revoked_on: c.revoked_on?.toISOString() ?? null,
    revocation_reason: c.status === 'revoked' ? (c.revocation_reason ?? 'unspecified') : null,
    revocation_scheduled_on: c.revocation_scheduled_on?.toISOString() ?? null,
    auto_renew: c.auto_renew ?? false,
  };
}

const keyView = (r: { id: string; created_on: Date }) => ({
  priv_key_uuid: r.id,
  created_on: r.created_on.toISOString(),
});

/** One page of the provider's keys, sorted and written as JSON in SQL; at most MAX_TAKE rows. */
export function listKeys(deps: CertificateDeps, actor: Actor, list: ListQuery) {
  const limit = list.limit === null ? MAX_TAKE : Math.min(list.limit, MAX_TAKE);
  return store.listKeys(deps.db, actor.serviceProviderId, { ...list, limit });
}

async function saveKey(
  deps: CertificateDeps,
  actor: Actor,
  origin: 'generated' | 'imported',
  make: (id: string) => ReturnType<KeyStore['generate']>,
) {
  const id = randomUUID();
  const stored = await make(id);
  const row = await deps.db.transaction(async (tx) => {
    const saved = await store.insertKey(tx, {
      id,
      spId: actor.serviceProviderId,
      keyRef: stored.ref,
      keyStore: deps.keys.kind,
      spki: stored.publicKeySpkiDer,
      origin,
      now: deps.now(),
    });
    await recordAudit(tx, {
      action: origin === 'generated' ? 'key.created' : 'key.imported',
      actor: auditActor(actor),
      ip: actor.ip,
      serviceProviderId: actor.serviceProviderId,
      subject: id,
    });
    return saved;
  });
  return keyView(row);
}

export function generateKey(deps: CertificateDeps, actor: Actor) {
  return saveKey(deps, actor, 'generated', (id) => deps.keys.generate(id));
}

export async function importKey(deps: CertificateDeps, actor: Actor, pem: string) {
  try {
    return await saveKey(deps, actor, 'imported', (id) => deps.keys.importPkcs8OrSec1(id, pem));
  } catch (e) {
    if (e instanceof KeyStoreError) throw badRequest(e.message, { pem: e.message });
    throw e;
  }
}

export async function downloadKey(
  deps: CertificateDeps,
  actor: Actor,
  keyId: string,
  format: PrivateKeyFormat = 'pkcs8',
): Promise<string> {
  // The route's params schema admits only a UUID (docs/wire.md).
  const id = keyId.toLowerCase();
  return deps.db.transaction(async (tx) => {
    const key = await store.findKey(tx, actor.serviceProviderId, id);
    // an ACME client's key is not one of the provider's keys here: the portal holds no private half of it
    if (!key || key.key_store === 'client') throw notFound(KEY_NOT_FOUND);
    let pem: string;
    try {
      pem = await deps.keys.exportPem({ id: key.id, ref: key.key_ref }, format);
    } catch (e) {
      if (e instanceof KeyStoreError) throw new HttpError(422, e.message);
      throw e;
    }
    await recordAudit(tx, {
      action: 'key.downloaded',
      actor: auditActor(actor),
      ip: actor.ip,
      serviceProviderId: actor.serviceProviderId,
      subject: key.id,
      detail: format,
    });
    return pem;
  });
}

export async function deleteKey(deps: CertificateDeps, actor: Actor, keyId: string): Promise<void> {
  // The route's params schema admits only a UUID (docs/wire.md).
  const id = keyId.toLowerCase();
  await deps.db.transaction(async (tx) => {
    const key = await store.findKey(tx, actor.serviceProviderId, id, { forUpdate: true });
    // an ACME client's key is not one of the provider's keys here: the portal holds no private half of it
    if (!key || key.key_store === 'client') throw notFound(KEY_NOT_FOUND);
    const serial = await store.validCertificateOfKey(tx, key.id, deps.now());
    if (serial) throw conflict(`This key has a valid certificate (serial ${serial}) — revoke it first`);
    await deps.keys.destroy({ id: key.id, ref: key.key_ref });
    await store.markKeyDeleted(tx, key.id, deps.now());
    await recordAudit(tx, {
      action: 'key.deleted',
      actor: auditActor(actor),
      ip: actor.ip,
      serviceProviderId: actor.serviceProviderId,
      subject: key.id,
    });
  });
}

export async function certificatesOfKey(deps: CertificateDeps, actor: Actor, keyId: string) {
  // The route's params schema admits only a UUID (docs/wire.md).
  const id = keyId.toLowerCase();
  const key = await store.findKey(deps.db, actor.serviceProviderId, id);
  if (!key) throw notFound(KEY_NOT_FOUND);
  const rows = await store.certificatesOfKey(deps.db, actor.serviceProviderId, key.id);
  return rows.map((c) => certificateView(deps, c));
}
