// The provider side of the CA: private keys, and the issuance pipeline. The RA decides (account active and
// paid, key owned, SPC token valid) → the issuer builds and lints → the signer signs → the store records.
// The serial and the intent are stored as 'pending' before anything is signed. Services take the actor first
// and scope every query by its provider: another provider's key or certificate is "not found".
import { createHash, randomUUID } from 'node:crypto';
import { CR_PATH_NOT_CREATED, canCreateCertificate } from '../../../contract/certificates';
import { newSerial, certificateValidity } from '../ca/profile';
import { SpcTokenError, type X5uCache, createX5uCache, verifySpcToken } from '../ca/spcToken';
import { encodeTnAuthList, tnAuthListToBase64 } from '../ca/tnAuthList';
import { KeyStoreError, type PrivateKeyFormat } from '../ca/keys';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import type { ListQuery } from '../http/list';
import { certificateRevokedMail } from '../integrations/mail/certificateTemplates';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import * as x509 from '../ca/x509';
import { StiPaError, createStiPaClientFor, createX5uFetcher, stiPaTrustPolicy } from '../integrations/stipa';
import { onCertificateRevoked } from '../repository/crl';
import { recordAudit } from './audit';
import * as store from './store';

export interface Actor {
  accountId: string;
  email: string;
  serviceProviderId: string;
  ip: string | null;
}

export type CertificateContext = Pick<
  AppContext,
  'db' | 'config' | 'now' | 'log' | 'ca' | 'keys' | 'stiPaFetch' | 'crl' | 'jobs' | 'mailer'
>;

/** The job that mails the subscriber about a revocation; queued in the revoking transaction, so none is lost. */
export const CERTIFICATE_REVOKED_MAIL_JOB = 'certificate-revoked-mail';

export const KEY_NOT_FOUND = 'Private key not found';
export const CERTIFICATE_NOT_FOUND = 'Certificate not found';
export const ALREADY_REVOKED = 'This certificate is already revoked';
export const MAX_TAKE = 9999;

export type ErrorCause =
  | 'subscription_inactive'
  | 'key_not_found'
  | 'unable_to_generate_spc_token'
  | 'spc_token_invalid'
  | 'issuance_failed'
  | 'crl_unavailable';

export interface CertificateView {
  id: string;
  created_on: string;
  sti_cert_start_date: string | null;
  sti_cert_expire_date: string | null;
  cr_path: string;
  serial_number: string;
  status: string;
}

export type IssueResult =
  { success: true; certificate: CertificateView } | { success: false; error_cause: ErrorCause };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SERIAL = /^[0-9a-f]{16,40}$/;
const auditActor = (a: Actor) => ({ accountId: a.accountId, email: a.email });

/** A malformed id is "not found", like someone else's. */
function assertUuid(id: string, message: string): string {
  if (!UUID.test(id)) throw notFound(message);
  return id.toLowerCase();
}

function assertSerialParam(serial: string): string {
  const s = serial.toLowerCase();
  if (!SERIAL.test(s)) throw notFound(CERTIFICATE_NOT_FOUND);
  return s;
}

export function certificateView(
  ctx: Pick<AppContext, 'config'>,
  c: store.CertificateRecord,
): CertificateView {
  const published = c.status === 'issued' || c.status === 'revoked';
  return {
    id: c.id,
    created_on: c.created_on.toISOString(),
    sti_cert_start_date: c.not_before?.toISOString() ?? null,
    sti_cert_expire_date: c.not_after?.toISOString() ?? null,
    cr_path: published ? `${ctx.config.publicUrl}/cr/${c.serial_number}.pem` : CR_PATH_NOT_CREATED,
    serial_number: c.serial_number,
    status: c.status,
  };
}

// ---- keys ----

const keyView = (r: { id: string; created_on: Date }) => ({
  priv_key_uuid: r.id,
  created_on: r.created_on.toISOString(),
});

/** One page of the provider's keys, sorted in SQL; at most MAX_TAKE rows. */
export async function listKeys(ctx: CertificateContext, actor: Actor, list: ListQuery) {
  const limit = list.limit === null ? MAX_TAKE : Math.min(list.limit, MAX_TAKE);
  const { total, rows } = await store.listKeys(ctx.db, actor.serviceProviderId, { ...list, limit });
  return { total, rows: rows.map(keyView) };
}

async function saveKey(
  ctx: CertificateContext,
  actor: Actor,
  origin: 'generated' | 'imported',
  make: (id: string) => ReturnType<CertificateContext['keys']['generate']>,
) {
  const id = randomUUID();
  const stored = await make(id);
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await store.insertKey(tx, {
      id,
      spId: actor.serviceProviderId,
      keyRef: stored.ref,
      keyStore: ctx.keys.kind,
      spki: stored.publicKeySpkiDer,
      origin,
      now: ctx.now(),
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
  return { priv_key_uuid: row.id, created_on: row.created_on.toISOString() };
}

export function generateKey(ctx: CertificateContext, actor: Actor) {
  return saveKey(ctx, actor, 'generated', (id) => ctx.keys.generate(id));
}

export async function importKey(ctx: CertificateContext, actor: Actor, pem: string) {
  try {
    return await saveKey(ctx, actor, 'imported', (id) => ctx.keys.importPkcs8OrSec1(id, pem));
  } catch (e) {
    if (e instanceof KeyStoreError) throw badRequest(e.message, { pem: e.message });
    throw e;
  }
}

export async function downloadKey(
  ctx: CertificateContext,
  actor: Actor,
  keyId: string,
  format: PrivateKeyFormat = 'pkcs8',
): Promise<string> {
  const id = assertUuid(keyId, KEY_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const key = await store.findKey(tx, actor.serviceProviderId, id);
    if (!key) throw notFound(KEY_NOT_FOUND);
    let pem: string;
    try {
      pem = await ctx.keys.exportPem({ id: key.id, ref: key.key_ref }, format);
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

export async function deleteKey(ctx: CertificateContext, actor: Actor, keyId: string): Promise<void> {
  const id = assertUuid(keyId, KEY_NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    const key = await store.findKey(tx, actor.serviceProviderId, id, { forUpdate: true });
    if (!key) throw notFound(KEY_NOT_FOUND);
    const serial = await store.validCertificateOfKey(tx, key.id, ctx.now());
    if (serial) throw conflict(`This key has a valid certificate (serial ${serial}) — revoke it first`);
    await ctx.keys.destroy({ id: key.id, ref: key.key_ref });
    await store.markKeyDeleted(tx, key.id, ctx.now());
    await recordAudit(tx, {
      action: 'key.deleted',
      actor: auditActor(actor),
      ip: actor.ip,
      serviceProviderId: actor.serviceProviderId,
      subject: key.id,
    });
  });
}

// ---- certificates ----

export async function certificatesOfKey(ctx: CertificateContext, actor: Actor, keyId: string) {
  const id = assertUuid(keyId, KEY_NOT_FOUND);
  const key = await store.findKey(ctx.db, actor.serviceProviderId, id);
  if (!key) throw notFound(KEY_NOT_FOUND);
  const rows = await store.certificatesOfKey(ctx.db, actor.serviceProviderId, key.id);
  return rows.map((c) => certificateView(ctx, c));
}

/** `SHA256 AA:BB:…` of the key's SubjectPublicKeyInfo: the account-key fingerprint of the SPC token request. */
export function keyFingerprint(spki: Uint8Array): string {
  const hex = createHash('sha256').update(spki).digest('hex').toUpperCase();
  return `SHA256 ${hex.match(/../g)!.join(':')}`;
}

interface StiPaCredentials {
  username: string;
  /** Used for this one request only: never stored, never logged. */
  password: string;
}

/** The pipeline shared by generate and renew. */
const crlIssuerNames = new Map<string, { der: Uint8Array; until: number }>();

/**
 * The issuer name of the CRL at CRL_URL, byte for byte as that CRL carries it (DOMAIN.md: verifiers compare
 * cRLIssuer with the CRL's issuer exactly). Read once a day; undefined when the portal publishes its own CRL.
 */
async function crlIssuerName(ctx: CertificateContext): Promise<Uint8Array | undefined> {
  const url = ctx.config.crlUrl;
  if (!url) return undefined;
  const now = ctx.now().getTime();
  const cached = crlIssuerNames.get(url);
  if (cached && cached.until > now) return cached.der;
  const der = await createStiPaClientFor(ctx, { fetch: ctx.stiPaFetch }).fetchCrl(url);
  const name = new Uint8Array(
    new x509.X509Crl(new Uint8Array(der).buffer as ArrayBuffer).issuerName.toArrayBuffer(),
  );
  crlIssuerNames.set(url, { der: name, until: now + 24 * 3600 * 1000 });
  return name;
}

async function issue(
  ctx: CertificateContext,
  actor: Actor,
  keyId: string,
  credentials: StiPaCredentials,
  replaces?: store.CertificateRecord,
): Promise<IssueResult> {
  const spId = actor.serviceProviderId;
  const log = ctx.log.child({ service_provider_id: spId });

  // RA: the account may get a certificate now (SPEC.md §4), and owns the key; one read.
  const profile = await store.issuanceFacts(ctx.db, spId, actor.accountId, keyId);
  const now = ctx.now();
  if (!profile || !canCreateCertificate(profile, now)) {
    return { success: false, error_cause: 'subscription_inactive' };
  }
  const { key } = profile;
  if (!key) return { success: false, error_cause: 'key_not_found' };

  const spc = profile.ocn.toUpperCase();
  const spki = new Uint8Array(key.public_key_spki);
  const fingerprint = keyFingerprint(spki);

  // RA: an SPC token from the STI-PA, verified (signature chains to the STI-PA root, atc matches, jti unused).
  let token: string;
  try {
    const client = createStiPaClientFor(ctx, { fetch: ctx.stiPaFetch, log });
    ({ token } = await client.getSpcToken({
      userId: credentials.username,
      password: credentials.password,
      ocn: spc,
      atc: {
        tktype: 'TNAuthList',
        tkvalue: tnAuthListToBase64(encodeTnAuthList(spc)),
        ca: false,
        fingerprint,
      },
    }));
  } catch (e) {
    if (e instanceof StiPaError) {
      log.warn({ cause: e.cause, http_status: e.httpStatus }, 'the STI-PA gave no SPC token');
      return { success: false, error_cause: 'unable_to_generate_spc_token' };
    }
    throw e;
  }
  try {
    const policy = await stiPaTrustPolicy(ctx);
    await verifySpcToken(token, {
      ...policy,
      fetchCertificate: createX5uFetcher({ fetch: ctx.stiPaFetch }),
      expectedSpc: spc,
      expectedCa: false,
      expectedFingerprint: fingerprint,
      now,
      jtiSeen: (jti, exp) => store.jtiSeen(ctx.db, jti, exp),
      x5uCache: x5uCacheOf(ctx),
    });
  } catch (e) {
    if (e instanceof SpcTokenError) {
      log.warn({ reason: e.reason }, 'SPC token refused');
      return { success: false, error_cause: 'spc_token_invalid' };
    }
    log.error({ err: e }, 'SPC token could not be verified');
    return { success: false, error_cause: 'spc_token_invalid' };
  }

  // With CRL_URL (the STI-PA's indirect CRL) the certificate names that CRL's issuer in cRLIssuer.
  let crlIssuerDn: Uint8Array | undefined;
  try {
    crlIssuerDn = await crlIssuerName(ctx);
  } catch (e) {
    log.error({ err: e, crl_url: ctx.config.crlUrl }, 'the CRL named by CRL_URL could not be read');
    return { success: false, error_cause: 'crl_unavailable' };
  }

  // Store the intent: the serial is recorded before anything is signed.
  const { notBefore, notAfter } = certificateValidity(now, profile.subscription_expired_on!);
  const serial = newSerial();
  const ca = ctx.ca.intermediate;
  const certId = await store.insertPendingCertificate(ctx.db, {
    serial,
    spId,
    keyId: key.id,
    issuerId: ca.id,
    spc,
    notBefore,
    notAfter,
    replacesId: replaces?.id ?? null,
    now,
  });

  try {
    // Issuer (profile + lint) and signer.
    const cert = await ctx.ca.leafIssuer.issue({
      spc,
      companyName: profile.company_name,
      subjectPublicKey: spki,
      serial,
      notBefore,
      notAfter,
      policyOid: ctx.config.certPolicyOid,
      crl: { url: ctx.ca.leafCrlUrl, issuerDn: crlIssuerDn },
    });
    const chainPem = `${cert.pem.trim()}\n${ca.pem.trim()}\n`;
    await ctx.db.transaction(async (tx) => {
      await store.markIssued(tx, certId, cert.der, chainPem);
      await recordAudit(tx, {
        action: 'certificate.issued',
        actor: auditActor(actor),
        ip: actor.ip,
        serviceProviderId: spId,
        subject: serial,
        detail: `key ${key.id}`,
      });
      if (replaces) {
        await store.revokeCertificate(tx, replaces.id, 'superseded', ctx.now());
        await queueRevocationMail(ctx, tx, replaces.id);
        await recordAudit(tx, {
          action: 'certificate.renewed',
          actor: auditActor(actor),
          ip: actor.ip,
          serviceProviderId: spId,
          subject: replaces.serial_number,
          detail: `replaced by ${serial}`,
        });
      }
    });
  } catch (e) {
    log.error({ err: e, serial }, 'certificate issuance failed');
    await store.markFailed(ctx.db, certId).catch(() => undefined);
    return { success: false, error_cause: 'issuance_failed' };
  }

  if (replaces) await reissueCrl(ctx, replaces.issuer_id);
  // The answer is built from what was written: the row holds exactly these values now.
  const issued: store.CertificateRecord = {
    id: certId,
    serial_number: serial,
    service_provider_id: spId,
    private_key_id: key.id,
    issuer_id: ca.id,
    status: 'issued',
    not_before: notBefore,
    not_after: notAfter,
    created_on: now,
    revoked_on: null,
  };
  return { success: true, certificate: certificateView(ctx, issued) };
}

export function generateCertificate(
  ctx: CertificateContext,
  actor: Actor,
  input: { sti_pa_username: string; sti_pa_password: string; private_key_uuid: string },
): Promise<IssueResult> {
  return issue(ctx, actor, input.private_key_uuid.toLowerCase(), {
    username: input.sti_pa_username,
    password: input.sti_pa_password,
  });
}

/** Renewal: the same key, a new serial and a new SPC token; the old certificate is revoked as superseded. */
export async function renewCertificate(
  ctx: CertificateContext,
  actor: Actor,
  serialParam: string,
  input: { sti_pa_username: string; sti_pa_password: string },
): Promise<IssueResult> {
  const serial = assertSerialParam(serialParam);
  const old = await store.certificateBySerial(ctx.db, actor.serviceProviderId, serial);
  if (!old) throw notFound(CERTIFICATE_NOT_FOUND);
  if (old.status === 'revoked') throw conflict(ALREADY_REVOKED);
  if (old.status !== 'issued') throw conflict('Only an issued certificate can be renewed');
  return issue(
    ctx,
    actor,
    old.private_key_id,
    { username: input.sti_pa_username, password: input.sti_pa_password },
    old,
  );
}

export async function revokeCertificate(
  ctx: CertificateContext,
  actor: Actor,
  serialParam: string,
  reason: string = 'unspecified',
): Promise<void> {
  const serial = assertSerialParam(serialParam);
  const issuerId = await ctx.db.transaction(async (tx) => {
    const cert = await store.certificateBySerial(tx, actor.serviceProviderId, serial, { forUpdate: true });
    if (!cert) throw notFound(CERTIFICATE_NOT_FOUND);
    if (cert.status === 'revoked') throw conflict(ALREADY_REVOKED);
    if (cert.status !== 'issued') throw conflict('Only an issued certificate can be revoked');
    await store.revokeCertificate(tx, cert.id, reason, ctx.now());
    await queueRevocationMail(ctx, tx, cert.id);
    await recordAudit(tx, {
      action: 'certificate.revoked',
      actor: auditActor(actor),
      ip: actor.ip,
      serviceProviderId: actor.serviceProviderId,
      subject: cert.serial_number,
      detail: reason,
    });
    return cert.issuer_id;
  });
  await reissueCrl(ctx, issuerId);
}

/** One x5u cache per app (its database stands for it): the STI-PA's signing certificate, verified once in a while. */
const x5uCaches = new WeakMap<object, X5uCache>();
function x5uCacheOf(ctx: CertificateContext): X5uCache {
  let cache = x5uCaches.get(ctx.db);
  if (!cache) x5uCaches.set(ctx.db, (cache = createX5uCache()));
  return cache;
}

function queueRevocationMail(ctx: CertificateContext, tx: Queryable, certificateId: string) {
  return ctx.jobs.send(CERTIFICATE_REVOKED_MAIL_JOB, { certificateId }, { tx, retryLimit: 5 });
}

/** The job: tells the provider's account holder that a certificate was revoked, and why. */
export async function sendRevocationMail(ctx: CertificateContext, certificateId: string): Promise<void> {
  const notice = await store.revocationNotice(ctx.db, certificateId);
  if (!notice) return;
  await ctx.mailer.send(
    certificateRevokedMail({
      to: notice.email,
      name: `${notice.first_name} ${notice.last_name}`,
      serial: notice.serial_number,
      ocn: notice.ocn,
      reason: notice.revocation_reason ?? 'unspecified',
      revokedOn: new Date(notice.revoked_on),
      link: `${ctx.config.publicUrl}/sti-certificate/certificate`,
    }),
  );
}

/** The revocation is committed; a CRL that cannot be re-signed now is logged, and the daily job catches up. */
async function reissueCrl(ctx: CertificateContext, issuerId: string): Promise<void> {
  try {
    await onCertificateRevoked(ctx, issuerId);
  } catch (e) {
    ctx.log.error({ err: e, issuer_id: issuerId }, 'the CRL could not be reissued after a revocation');
  }
}
