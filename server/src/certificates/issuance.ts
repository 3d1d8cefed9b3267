// The issuance pipeline, shared by generate and renew. The RA decides (the provider may have certificates now, key
// owned, no other certificate in the way, SPC token valid) → the serial and the intent are stored as 'pending' → the issuer builds, lints and only then signs
// → the signed certificate is kept on the pending row → it becomes issued with its audit row in one transaction.
// A crash between these steps leaves the row pending: recovery.ts completes it from what was kept, or fails it. A renewal settles the old certificate in
// that same transaction (kept, revoked now, or its revocation scheduled); a revocation is reported after it.
import { createHash } from 'node:crypto';
import type { CertificateRow } from '../../../contract/api';
import type { Queryable } from '../db';
import { type RenewalRevokeOld, certificateBlocker } from '../../../contract/certificates';
import { SpcTokenError, certificateValidity, encodeTnAuthList, newSerial, tnAuthListToBase64 } from '../ca';
import { HttpError, conflict, notFound } from '../http/errors';
import { StiPaError } from '../integrations/stipa';
import { queuePublishCr } from '../publishing/jobs';
import { recordAudit } from './audit';
import { type Revoked, afterRevocation, settleReplaced } from './revocation';
import {
  ALREADY_REVOKED,
  type Actor,
  CERTIFICATE_NOT_FOUND,
  type CertificateDeps,
  type ServiceLog,
  assertSerialParam,
  auditActor,
  certificateView,
} from './service';
import * as store from './store';

export type ErrorCause =
  | 'subscription_inactive'
  | 'key_not_found'
  | 'unable_to_generate_spc_token'
  | 'spc_token_invalid'
  | 'issuance_failed'
  | 'crl_unavailable';

export type IssueResult =
  { success: true; certificate: CertificateRow } | { success: false; error_cause: ErrorCause };

type Refused = { success: false; error_cause: ErrorCause };
export const refused = (error_cause: ErrorCause): Refused => ({ success: false, error_cause });

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

/** What the RA approved: the provider's standing, its key and its SPC. */
export interface Approved {
  profile: store.IssuanceFacts;
  key: store.KeyRow;
  spc: string;
  spki: Uint8Array;
  fingerprint: string;
}

/** The portal's answer when an administrator deactivated the account (its sign-in and tokens are refused too). */
export const ACCOUNT_DEACTIVATED =
  'This account is deactivated, so certificates cannot be generated or renewed for it.';

/**
 * The one judge (certificateBlocker) on the provider's standing as the portal answers it: a deactivated account is
 * a 403, any other reason the generation's `subscription_inactive`; null when it may have a certificate now.
 */
export function standingRefusal(standing: store.ProviderStanding | undefined, now: Date): Refused | null {
  const blocker = certificateBlocker(standing, now);
  if (blocker === 'disabled') throw new HttpError(403, ACCOUNT_DEACTIVATED);
  return blocker ? refused('subscription_inactive') : null;
}

/** RA: the account may get a certificate now (active, not past due), and owns the key; one read. */
async function approve(deps: CertificateDeps, actor: Actor, keyId: string, now: Date) {
  const facts = await store.issuanceFacts(deps.db, actor.serviceProviderId, actor.accountId, keyId);
  const refusal = standingRefusal(facts, now);
  if (refusal) return refusal;
  const profile = facts!; // judged above: no facts is a refusal
  const { key } = profile;
  if (!key) return refused('key_not_found');
  const spc = profile.ocn.toUpperCase();
  const spki = new Uint8Array(key.public_key_spki);
  return { profile, key, spc, spki, fingerprint: keyFingerprint(spki) } satisfies Approved;
}

/**
 * RA: an SPC token from the STI-PA, verified (signature chains to the STI-PA root, atc matches, jti unused).
 * Answers the SHAKEN CRL the STI-PA named with it (its `crl`), where the certificate's revocation will be listed.
 */
async function spcTokenChecked(
  deps: CertificateDeps,
  log: ServiceLog,
  credentials: StiPaCredentials,
  a: Approved,
  now: Date,
): Promise<Refused | { crlUrl: string }> {
  let token: string;
  let crlUrl: string;
  try {
    const atc = {
      tktype: 'TNAuthList' as const,
      tkvalue: tnAuthListToBase64(encodeTnAuthList(a.spc)),
      ca: false,
      fingerprint: a.fingerprint,
    };
    ({ token, crl: crlUrl } = await deps.stiPa.getSpcToken(
      { userId: credentials.username, password: credentials.password, ocn: a.spc, atc },
      log,
    ));
  } catch (e) {
    if (e instanceof StiPaError) {
      log.warn({ cause: e.cause, http_status: e.httpStatus }, 'the STI-PA gave no SPC token');
      return refused('unable_to_generate_spc_token');
    }
    throw e;
  }
  try {
    await deps.stiPa.verifySpcToken(token, {
      expectedSpc: a.spc,
      expectedCa: false,
      expectedFingerprint: a.fingerprint,
      now,
      jtiSeen: (jti, exp) => store.jtiSeen(deps.db, jti, exp),
    });
  } catch (e) {
    if (e instanceof SpcTokenError) log.warn({ reason: e.reason }, 'SPC token refused');
    else log.error({ err: e }, 'SPC token could not be verified');
    return refused('spc_token_invalid');
  }
  return { crlUrl };
}

/**
 * The certificate's one CRL distribution point (docs/operations.md, Revocation model): the SHAKEN CRL, CRL_URL when set, else the
 * `crl` the STI-PA answered with the token; its cRLIssuer is that CRL's issuer name, byte for byte as read from it.
 */
async function crlDistributionPoint(deps: CertificateDeps, log: ServiceLog, tokenCrlUrl: string) {
  const url = deps.config.crlUrl ?? tokenCrlUrl;
  try {
    return { url, issuerDn: await deps.stiPa.crlIssuerName(url) };
  } catch (e) {
    log.error({ err: e, crl_url: url }, 'the SHAKEN CRL could not be read');
    return refused('crl_unavailable');
  }
}

/**
 * What a caller writes in issuance's own transactions (ACME: the client's key row before the intent, the order's
 * claim with its certificate after it, the order's completion with the record), so that one commit holds them all.
 */
export interface IssuanceHooks {
  /** First in the intent's transaction (a throw there rolls the intent back and is rethrown). */
  beforeIntent?(tx: Queryable): Promise<void>;
  /** In the intent's transaction, once the pending certificate is inserted. */
  afterIntent?(tx: Queryable, certId: string): Promise<void>;
  /** In the record's transaction, once the certificate is issued. */
  onRecord?(tx: Queryable, certId: string): Promise<void>;
}

/** What a renewal replaces, and what becomes of it. */
interface Renewal {
  old: store.CertificateRecord;
  revokeOld: RenewalRevokeOld;
}

/**
 * The issued certificate and its audit row in one transaction; a renewal also settles the old one there.
 * Answers the issuer whose CRL to re-sign after the commit (the old certificate was revoked now), else null.
 */
async function record(
  deps: CertificateDeps,
  actor: Actor,
  c: {
    certId: string;
    serial: string;
    keyId: string;
    renewal?: Renewal;
    hooks?: IssuanceHooks;
  },
): Promise<Revoked | null> {
  const { renewal } = c;
  return deps.db.transaction(async (tx) => {
    // Not pending any more: recovery judged the issuance interrupted meanwhile, and settled the row itself.
    if (!(await store.markIssued(tx, c.certId)))
      throw new Error('the pending certificate was settled meanwhile');
    await recordAudit(tx, {
      action: 'certificate.issued',
      actor: auditActor(actor),
      ip: actor.ip,
      serviceProviderId: actor.serviceProviderId,
      subject: c.serial,
      detail: `key ${c.keyId}`,
    });
    await c.hooks?.onRecord?.(tx, c.certId);
    await queuePublishCr(deps, tx, c.serial);
    if (!renewal) return null;
    return settleReplaced(deps, tx, actor, { ...renewal, newSerial: c.serial });
  });
}

export const CERTIFICATE_CONFLICT = {
  pending: 'A certificate for this key is being created. Please wait a moment and reload the list.',
  valid:
    'This key already has a valid certificate. Renew that certificate instead of generating another one.',
  renewed: 'This certificate has already been renewed. Renew its newest certificate instead.',
} as const;

/** One certificate per key at a time: a generate while the key has one, or a second renewal, is a 409. */
function refuseAnotherCertificate(o: store.IssuanceObstacles, renewal: Renewal | undefined): void {
  if (o.pending) throw conflict(CERTIFICATE_CONFLICT.pending);
  if (renewal ? o.renewed : o.valid)
    throw conflict(renewal ? CERTIFICATE_CONFLICT.renewed : CERTIFICATE_CONFLICT.valid);
}

interface Issuance {
  now: Date;
  log: ServiceLog;
  crl: { url: string; issuerDn: Uint8Array };
  renewal?: Renewal;
  hooks?: IssuanceHooks;
  /** The key is inserted by `hooks.beforeIntent`, in the intent's own transaction: no one else knows it yet. */
  newKey?: true;
  /** The validity to issue (an ACME order's, checked by its caller); none: the policy's, capped at the paid period. */
  validity?: { notBefore: Date; notAfter: Date };
}

/** The pending certificate (its serial and validity) in one transaction with the caller's hooks; null: no such key. */
function recordIntent(
  deps: CertificateDeps,
  spId: string,
  a: Approved,
  issuance: Issuance,
  cert: { serial: string; notBefore: Date; notAfter: Date },
): Promise<string | null> {
  const { now, renewal, hooks } = issuance;
  return deps.db.transaction(async (tx) => {
    await hooks?.beforeIntent?.(tx);
    // Issuances of one key queue on its row, on every server: the first records its intent, the others see it.
    // A key inserted in this transaction has neither a certificate nor another issuance to wait for.
    if (!issuance.newKey) {
      if (!(await store.findKey(tx, spId, a.key.id, { forUpdate: true }))) return null;
      refuseAnotherCertificate(
        await store.issuanceObstacles(tx, a.key.id, renewal?.old.id ?? null, now),
        renewal,
      );
    }
    const id = await store.insertPendingCertificate(tx, {
      ...cert,
      spId,
      keyId: a.key.id,
      issuerId: deps.ca.intermediate.id,
      spc: a.spc,
      replacesId: renewal?.old.id ?? null,
      revokeOld: renewal?.revokeOld ?? null,
      now,
    });
    await hooks?.afterIntent?.(tx, id);
    return id;
  });
}

/** The intent is stored first (serial recorded before anything is signed), then issuer and signer, then the record. */
export async function signAndRecord(
  deps: CertificateDeps,
  actor: Actor,
  a: Approved,
  issuance: Issuance,
): Promise<IssueResult> {
  const { now, renewal, hooks } = issuance;
  const spId = actor.serviceProviderId;
  const { notBefore, notAfter } =
    issuance.validity ?? certificateValidity(now, a.profile.subscription_expired_on!);
  const serial = newSerial();
  const ca = deps.ca.intermediate;
  const certId = await recordIntent(deps, spId, a, issuance, { serial, notBefore, notAfter });
  if (certId === null) return refused('key_not_found');
  let revoked: Revoked | null;
  try {
    const cert = await deps.ca.leafIssuer.issue({
      spc: a.spc,
      companyName: a.profile.company_name,
      subjectPublicKey: a.spki,
      serial,
      notBefore,
      notAfter,
      policyOid: deps.config.certPolicyOid,
      crl: issuance.crl,
    });
    const chainPem = `${cert.pem.trim()}\n${ca.pem.trim()}\n`;
    if (!(await store.storeSigned(deps.db, certId, cert.der, chainPem))) {
      throw new Error('the pending certificate was settled meanwhile');
    }
    revoked = await record(deps, actor, { certId, serial, keyId: a.key.id, renewal, hooks });
  } catch (e) {
    issuance.log.error({ err: e, serial }, 'certificate issuance failed');
    const cause = `issuance failed: ${e instanceof Error ? e.message : String(e)}`;
    await store.markFailed(deps.db, certId, cause).catch(() => undefined);
    return refused('issuance_failed');
  }
  if (revoked) await afterRevocation(deps, revoked);
  // The answer is built from what was written: the row holds exactly these values now.
  const issued: store.CertificateRecord = {
    id: certId,
    serial_number: serial,
    service_provider_id: spId,
    private_key_id: a.key.id,
    issuer_id: ca.id,
    status: 'issued',
    not_before: notBefore,
    not_after: notAfter,
    created_on: now,
    revoked_on: null,
    revocation_reason: null,
    revocation_scheduled_on: null,
  };
  return { success: true, certificate: certificateView(deps, issued) };
}

async function issue(
  deps: CertificateDeps,
  actor: Actor,
  keyId: string,
  credentials: StiPaCredentials,
  renewal?: Renewal,
): Promise<IssueResult> {
  const log = deps.log.child({ service_provider_id: actor.serviceProviderId });
  const now = deps.now();
  const approved = await approve(deps, actor, keyId, now);
  if ('success' in approved) return approved;
  // What does not depend on the token is refused before the STI-PA is asked for one (a login, a token, a logout);
  // recordIntent decides it again under the key's lock, against an issuance that starts meanwhile.
  refuseAnotherCertificate(
    await store.issuanceObstacles(deps.db, approved.key.id, renewal?.old.id ?? null, now),
    renewal,
  );
  const token = await spcTokenChecked(deps, log, credentials, approved, now);
  if ('success' in token) return token;
  const crl = await crlDistributionPoint(deps, log, token.crlUrl);
  if ('success' in crl) return crl;
  return signAndRecord(deps, actor, approved, { now, log, crl, renewal });
}

export function generateCertificate(
  deps: CertificateDeps,
  actor: Actor,
  input: { sti_pa_username: string; sti_pa_password: string; private_key_uuid: string },
): Promise<IssueResult> {
  return issue(deps, actor, input.private_key_uuid.toLowerCase(), {
    username: input.sti_pa_username,
    password: input.sti_pa_password,
  });
}

/**
 * Renewal: the same key, a new serial and a new SPC token. The old certificate stays valid (`keep`, calls in
 * flight carry its CR URL), is revoked as superseded (`now`), or is revoked so later by a job (`in_24_hours`).
 */
export async function renewCertificate(
  deps: CertificateDeps,
  actor: Actor,
  serialParam: string,
  input: { sti_pa_username: string; sti_pa_password: string; revoke_old?: RenewalRevokeOld },
): Promise<IssueResult> {
  const serial = assertSerialParam(serialParam);
  const old = await store.certificateBySerial(deps.db, actor.serviceProviderId, serial);
  if (!old) throw notFound(CERTIFICATE_NOT_FOUND);
  if (old.status === 'revoked') throw conflict(ALREADY_REVOKED);
  if (old.status !== 'issued') throw conflict('Only an issued certificate can be renewed');
  return issue(
    deps,
    actor,
    old.private_key_id,
    { username: input.sti_pa_username, password: input.sti_pa_password },
    { old, revokeOld: input.revoke_old ?? 'keep' },
  );
}
