// The provider's STI-SCA, hosted by the portal (docs/delegates.md): its key is generated in the CA's key store and
// never leaves it; the certificate is issued by the delegate intermediate against an SPC token with `atc.ca` true,
// and kept as a row of `certificates` (kind 'sti_sca') so that its CR, CRL, audit and publishing are any
// certificate's. One live STI-SCA per provider, decided under a lock on the provider.
import { randomUUID } from 'node:crypto';
import { STI_SCA_MESSAGES } from '../../../contract/delegates';
import type { StiScaDetail, StiScaRow } from '../../../contract/wire/delegates';
import type { CrlPublisher } from '../authority';
import {
  type CertificateAuthority,
  SpcTokenError,
  type StoredKey,
  certificateValidity,
  encodeTnAuthList,
  newSerial,
  tnAuthListToBase64,
} from '../ca';
import { recordAudit } from '../certificates/audit';
import { keyFingerprint, standingRefusal } from '../certificates/issuance';
import { type Actor, type ServiceLog, auditActor } from '../certificates/service';
import { jtiSeen, providerStanding } from '../certificates/store';
import type { Config } from '../config';
import type { Database } from '../db';
import { HttpError, conflict, notFound } from '../http/errors';
import { StiPaError, type StiPa } from '../integrations/stipa';
import type { JobQueue } from '../jobs/queue';
import { queuePublishCr } from '../publishing/jobs';
import * as store from './store';

export interface StiScaDeps {
  db: Database;
  now: () => Date;
  config: Pick<Config, 'publicUrl' | 'certPolicyOid' | 'publishDir' | 'publishS3' | 'stiPaRateLimit'>;
  ca: Pick<CertificateAuthority, 'delegateIntermediate' | 'stiScaIssuer' | 'crlSigner' | 'crlUrl' | 'keys'>;
  stiPa: StiPa;
  /** Re-signs the CRL signer's indirect CRL at once after a revocation. */
  crl: Pick<CrlPublisher, 'reissue'>;
  jobs: Pick<JobQueue, 'send'>;
  log: ServiceLog;
}

export type StiScaErrorCause =
  | 'subscription_inactive'
  | 'unable_to_generate_spc_token'
  | 'sti_pa_ca_not_allowed'
  | 'spc_token_invalid'
  | 'issuance_failed';

export type StiScaResult =
  { success: true; sti_sca: StiScaRow } | { success: false; error_cause: StiScaErrorCause };

const refused = (error_cause: StiScaErrorCause) => ({ success: false, error_cause }) as const;

/** What a hosted CA certificate and a delegate certificate answer alike: standing, dates, CR URL, revocation. */
export interface HostedRecord {
  id: string;
  serial_number: string;
  status: 'issued' | 'revoked';
  created_on: Date;
  not_before: Date;
  not_after: Date;
  revoked_on: Date | null;
  revocation_reason: string | null;
  replaced_by: string | null;
}

/** The fields of a hosted record's view that an STI-SCA and a delegate share. */
export function hostedView(deps: Pick<StiScaDeps, 'config' | 'now'>, r: HostedRecord) {
  return {
    id: r.id,
    serial_number: r.serial_number,
    status: r.status,
    is_current: r.status === 'issued' && !r.replaced_by && r.not_after.getTime() > deps.now().getTime(),
    created_on: r.created_on.toISOString(),
    not_before: r.not_before.toISOString(),
    not_after: r.not_after.toISOString(),
    cr_path: `${deps.config.publicUrl}/cr/${r.serial_number}.pem`,
    revoked_on: r.revoked_on?.toISOString() ?? null,
    revocation_reason: r.status === 'revoked' ? (r.revocation_reason ?? 'unspecified') : null,
    replaced_by: r.replaced_by,
  };
}

export function stiScaView(deps: Pick<StiScaDeps, 'config' | 'now'>, r: store.StiScaRecord): StiScaRow {
  return { ...hostedView(deps, r), spc: r.spc };
}

/** The CA parts an STI-SCA needs, or a 503 when this CA holds no delegate intermediate (a CA_DIR import). */
function delegating(deps: StiScaDeps) {
  const { delegateIntermediate, stiScaIssuer, crlSigner } = deps.ca;
  if (!delegateIntermediate || !stiScaIssuer || !crlSigner)
    throw new HttpError(503, STI_SCA_MESSAGES.unavailable);
  return { intermediate: delegateIntermediate, issuer: stiScaIssuer, crlSigner };
}

/**
 * An SPC token for the new key with `atc.ca` true, verified as a certificate's (signature, SPC, fingerprint, jti
 * unused) and with `ca` required true. null when accepted, else the refusal.
 */
async function caTokenRefusal(
  deps: StiScaDeps,
  log: ServiceLog,
  input: { sti_pa_username: string; sti_pa_password: string },
  t: { spc: string; fingerprint: string; now: Date },
) {
  let token: string;
  try {
    const atc = {
      tktype: 'TNAuthList' as const,
      tkvalue: tnAuthListToBase64(encodeTnAuthList(t.spc)),
      ca: true,
      fingerprint: t.fingerprint,
    };
    const params = { userId: input.sti_pa_username, password: input.sti_pa_password, ocn: t.spc, atc };
    ({ token } = await deps.stiPa.getSpcToken(params, log));
  } catch (e) {
    if (!(e instanceof StiPaError)) throw e;
    log.warn({ cause: e.cause, http_status: e.httpStatus }, 'the STI-PA gave no SPC token for an STI-SCA');
    return refused(
      e.cause === 'not_authorized_for_ca' ? 'sti_pa_ca_not_allowed' : 'unable_to_generate_spc_token',
    );
  }
  try {
    await deps.stiPa.verifySpcToken(token, {
      expectedSpc: t.spc,
      expectedCa: true,
      expectedFingerprint: t.fingerprint,
      now: t.now,
      jtiSeen: (jti, exp) => jtiSeen(deps.db, jti, exp),
    });
  } catch (e) {
    if (e instanceof SpcTokenError) log.warn({ reason: e.reason }, 'SPC token for an STI-SCA refused');
    else log.error({ err: e }, 'SPC token for an STI-SCA could not be verified');
    return refused('spc_token_invalid');
  }
  return null;
}

/** What the STI-SCA is issued from: the provider, its SPC and company, the key made for it, its validity. */
interface StiScaIntent {
  actor: Actor;
  spc: string;
  companyName: string;
  key: StoredKey;
  notBefore: Date;
  notAfter: Date;
  now: Date;
  /** The current STI-SCA this one renews (it stays valid until it expires, no longer current). */
  replacesId: string | null;
}

/** Under the provider's lock: what is current now must be what the request found (none, or the one renewed). */
function assertCurrent(current: string | undefined, replacesId: string | null): void {
  if (replacesId === null && current) throw conflict(STI_SCA_MESSAGES.alreadyHeld);
  if (replacesId !== null && current !== replacesId) throw conflict(STI_SCA_MESSAGES.notCurrent);
}

/**
 * Under the provider's lock (the current STI-SCA checked again): the STI-SCA signed by the delegate intermediate,
 * its CRL distribution point the CRL signer's indirect CRL, recorded with its key and audit row, its CR queued
 * for publishing, in one transaction.
 */
function signAndRecord(deps: StiScaDeps, ca: ReturnType<typeof delegating>, i: StiScaIntent) {
  const spId = i.actor.serviceProviderId;
  const spki = new Uint8Array(i.key.publicKeySpkiDer);
  return deps.db.transaction(async (tx) => {
    await store.lockProviderStiSca(tx, spId);
    assertCurrent(await store.currentStiSca(tx, spId, i.now), i.replacesId);
    const serial = newSerial();
    const { notBefore, notAfter } = i;
    const issued = await ca.issuer.issueStiSca({
      spc: i.spc,
      companyName: i.companyName,
      subjectPublicKey: spki,
      serial,
      notBefore,
      notAfter,
      policyOid: deps.config.certPolicyOid,
      crl: {
        url: deps.ca.crlUrl(ca.crlSigner.id),
        issuerDn: new Uint8Array(ca.crlSigner.certificate.subjectName.toArrayBuffer()),
      },
    });
    const keyId = i.key.id;
    const keyStore = deps.ca.keys.kind;
    await store.insertStiScaKey(tx, { id: keyId, spId, keyRef: i.key.ref, keyStore, spki, now: i.now });
    const row = await store.insertStiSca(tx, {
      ...{ serial, spId, keyId, issuerId: ca.intermediate.id, spc: i.spc, notBefore, notAfter, now: i.now },
      replacesId: i.replacesId,
      der: issued.der,
      chainPem: `${issued.pem.trim()}\n${ca.intermediate.pem.trim()}\n`,
    });
    await recordAudit(tx, {
      action: 'certificate.issued',
      actor: auditActor(i.actor),
      ip: i.actor.ip,
      serviceProviderId: spId,
      subject: serial,
      detail: `STI-SCA, key ${keyId} held by the portal${i.replacesId ? `; renews ${i.replacesId}` : ''}`,
    });
    await queuePublishCr(deps, tx, serial);
    return row;
  });
}

type Credentials = { sti_pa_username: string; sti_pa_password: string };

/**
 * A new key made in the CA's key store, an SPC token with `ca` true for it, then the STI-SCA signed and recorded
 * (signAndRecord). A refusal or failure after the key was made destroys it.
 */
async function issueStiSca(
  deps: StiScaDeps,
  actor: Actor,
  input: Credentials,
  replacesId: string | null,
): Promise<StiScaResult> {
  const ca = delegating(deps);
  const spId = actor.serviceProviderId;
  const log = deps.log.child({ service_provider_id: spId });
  const now = deps.now();
  const standing = await providerStanding(deps.db, spId);
  if (!standing || standingRefusal(standing, now)) return refused('subscription_inactive');
  // Decided again under the provider's lock; refused here before the STI-PA is asked for a token.
  assertCurrent(await store.currentStiSca(deps.db, spId, now), replacesId);
  const spc = standing.ocn.toUpperCase();
  const key = await deps.ca.keys.generate(randomUUID());
  const destroyKey = () => deps.ca.keys.destroy(key).catch(() => undefined);
  const fingerprint = keyFingerprint(new Uint8Array(key.publicKeySpkiDer));
  const tokenRefusal = await caTokenRefusal(deps, log, input, { spc, fingerprint, now });
  if (tokenRefusal) {
    await destroyKey();
    return tokenRefusal;
  }
  try {
    const validity = certificateValidity(now, standing.subscription_expired_on!);
    const intent = { actor, spc, companyName: standing.company_name, key, now, replacesId, ...validity };
    return { success: true, sti_sca: stiScaView(deps, await signAndRecord(deps, ca, intent)) };
  } catch (e) {
    await destroyKey();
    if (e instanceof HttpError) throw e;
    log.error({ err: e }, 'STI-SCA issuance failed');
    return refused('issuance_failed');
  }
}

/** POST /api/service_provider/sti_sca: the provider's first STI-SCA, or one after the last was revoked or expired. */
export function requestStiSca(deps: StiScaDeps, actor: Actor, input: Credentials): Promise<StiScaResult> {
  return issueStiSca(deps, actor, input, null);
}

/**
 * POST /api/service_provider/sti_sca/{id}/renew: a new STI-SCA on a new key and a new SPC token, which becomes the
 * current one; the renewed one stays valid until it expires (what it signed keeps verifying).
 */
export async function renewStiSca(
  deps: StiScaDeps,
  actor: Actor,
  id: string,
  input: Credentials,
): Promise<StiScaResult> {
  const old = await store.stiScaById(deps.db, actor.serviceProviderId, id.toLowerCase());
  if (!old) throw notFound(STI_SCA_MESSAGES.notFound);
  if (old.status === 'revoked') throw conflict(STI_SCA_MESSAGES.alreadyRevoked);
  return issueStiSca(deps, actor, input, old.id);
}

export async function listStiScas(deps: StiScaDeps, actor: Actor): Promise<StiScaRow[]> {
  const rows = await store.listStiScas(deps.db, actor.serviceProviderId);
  return rows.map((r) => stiScaView(deps, r));
}

export async function showStiSca(deps: StiScaDeps, actor: Actor, id: string): Promise<StiScaDetail> {
  const row = await store.stiScaById(deps.db, actor.serviceProviderId, id.toLowerCase());
  if (!row) throw notFound(STI_SCA_MESSAGES.notFound);
  return { ...stiScaView(deps, row), chain_pem: row.chain_pem };
}
