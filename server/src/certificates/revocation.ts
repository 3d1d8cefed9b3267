// Revocation: the provider revokes its certificate, a renewal supersedes it at once, or a renewal schedules its
// revocation for later and a job revokes it then. Every one goes through revokeInTransaction (the row, the
// subscriber's mail and the STI-PA report queued in the same transaction, the audit row); after the commit,
// afterRevocation reports it to the STI-PA for the SHAKEN CRL at once (the queued job delivers it if that fails)
// and re-signs a CRL the CA signs itself for that certificate (an earlier release's intermediate's).
import type { RenewalRevokeOld } from '../../../contract/certificates';
import { certificateIssuerName } from '../ca';
import type { Queryable } from '../db';
import { conflict, notFound } from '../http/errors';
import { certificateRevokedMail } from '../integrations/mail/certificateTemplates';
import type { JobDefinition } from '../jobs/queue';
import { recordAudit } from './audit';
import {
  ALREADY_REVOKED,
  type Actor,
  CERTIFICATE_NOT_FOUND,
  type CertificateDeps,
  assertSerialParam,
} from './service';
import * as store from './store';
import * as revocationStore from './revocationStore';

/** The job that mails the subscriber about a revocation; queued in the revoking transaction, so none is lost. */
export const CERTIFICATE_REVOKED_MAIL_JOB = 'certificate-revoked-mail';
/** The job that revokes a renewed certificate when its scheduled time comes; queued in the renewal. */
export const CERTIFICATE_SCHEDULED_REVOCATION_JOB = 'certificate-scheduled-revocation';
/** The job that reports a revocation to the STI-PA unless the attempt right after the commit did. */
export const REVOCATION_REPORT_JOB = 'certificate-revocation-report';
/** How long the report job waits for the attempt right after the commit (seconds). */
const REPORT_JOB_DELAY_S = 60;

/** A certificate revoked in a transaction: what afterRevocation needs once it committed. */
export interface Revoked {
  id: string;
  issuer_id: string;
}

/** Who revokes, for the audit: the provider's account, or the system (no account) for a scheduled revocation. */
export interface RevocationActor {
  accountId: string | null;
  email: string | null;
  ip: string | null;
}

export const SYSTEM_ACTOR: RevocationActor = { accountId: null, email: 'system', ip: null };

type RevocationDeps = Pick<CertificateDeps, 'jobs' | 'now'>;

/**
 * The one revocation, in the caller's transaction: the row becomes revoked (its scheduled time cleared), the
 * subscriber's mail and the STI-PA report are queued and the audit row written. Answers what to hand to
 * afterRevocation after the commit, or null when the certificate was not issued any more: then nothing was done.
 */
export async function revokeInTransaction(
  deps: RevocationDeps,
  tx: Queryable,
  cert: Pick<store.CertificateRecord, 'id' | 'serial_number' | 'service_provider_id' | 'issuer_id'>,
  reason: string,
  actor: RevocationActor,
): Promise<Revoked | null> {
  if (!(await store.revokeCertificate(tx, cert.id, reason, deps.now()))) return null;
  await queueRevocationMail(deps, tx, cert.id);
  await queueRevocationReport(deps, tx, cert.id);
  await recordAudit(tx, {
    action: 'certificate.revoked',
    actor: { accountId: actor.accountId, email: actor.email },
    ip: actor.ip,
    serviceProviderId: cert.service_provider_id,
    subject: cert.serial_number,
    detail: reason,
  });
  return { id: cert.id, issuer_id: cert.issuer_id };
}

export async function revokeCertificate(
  deps: CertificateDeps,
  actor: Actor,
  serialParam: string,
  reason: string = 'unspecified',
): Promise<void> {
  const serial = assertSerialParam(serialParam);
  const revoked = await deps.db.transaction(async (tx) => {
    const cert = await store.certificateBySerial(tx, actor.serviceProviderId, serial, { forUpdate: true });
    if (!cert) throw notFound(CERTIFICATE_NOT_FOUND);
    if (cert.status === 'revoked') throw conflict(ALREADY_REVOKED);
    if (cert.status !== 'issued') throw conflict('Only an issued certificate can be revoked');
    return revokeInTransaction(deps, tx, cert, reason, actor);
  });
  if (revoked) await afterRevocation(deps, revoked);
}

/**
 * In the renewal's transaction, what becomes of the certificate it replaces: kept valid, revoked now as
 * superseded, or its revocation scheduled RENEWAL_REVOKE_DELAY_SECONDS ahead. Answers what to hand to
 * afterRevocation after the commit when it was revoked now, else null.
 */
export async function settleReplaced(
  deps: Pick<CertificateDeps, 'jobs' | 'now' | 'config'>,
  tx: Queryable,
  actor: RevocationActor & Pick<Actor, 'serviceProviderId'>,
  renewal: { old: store.CertificateRecord; newSerial: string; revokeOld: RenewalRevokeOld },
): Promise<Revoked | null> {
  const { old, revokeOld } = renewal;
  await recordAudit(tx, {
    action: 'certificate.renewed',
    actor: { accountId: actor.accountId, email: actor.email },
    ip: actor.ip,
    serviceProviderId: actor.serviceProviderId,
    subject: old.serial_number,
    detail: `replaced by ${renewal.newSerial}; old certificate: ${revokeOld}`,
  });
  if (revokeOld === 'now') return revokeInTransaction(deps, tx, old, 'superseded', actor);
  if (revokeOld === 'in_24_hours') await scheduleRevocation(deps, tx, actor, old);
  return null;
}

async function scheduleRevocation(
  deps: Pick<CertificateDeps, 'jobs' | 'now' | 'config'>,
  tx: Queryable,
  actor: RevocationActor,
  cert: store.CertificateRecord,
): Promise<void> {
  const at = new Date(deps.now().getTime() + deps.config.renewalRevokeDelaySeconds * 1000);
  if (!(await store.scheduleRevocation(tx, cert.id, at))) return;
  await deps.jobs.send(
    CERTIFICATE_SCHEDULED_REVOCATION_JOB,
    { certificateId: cert.id },
    { tx, startAfter: at, retryLimit: 5 },
  );
  await recordAudit(tx, {
    action: 'certificate.revocation_scheduled',
    actor: { accountId: actor.accountId, email: actor.email },
    ip: actor.ip,
    serviceProviderId: cert.service_provider_id,
    subject: cert.serial_number,
    detail: at.toISOString(),
  });
}

/**
 * The job: revokes a renewed certificate as superseded, by the system, if it is still issued with a revocation
 * scheduled. Idempotent: a certificate the provider revoked meanwhile (or a second run) is left alone.
 */
export async function revokeScheduled(
  deps: Pick<CertificateDeps, 'db' | 'jobs' | 'now' | 'crl' | 'log' | 'stiPa'>,
  certificateId: string,
): Promise<void> {
  const revoked = await deps.db.transaction(async (tx) => {
    const cert = await store.certificateById(tx, certificateId, { forUpdate: true });
    if (!cert || cert.status !== 'issued' || !cert.revocation_scheduled_on) return null;
    return revokeInTransaction(deps, tx, cert, 'superseded', SYSTEM_ACTOR);
  });
  if (revoked) await afterRevocation(deps, revoked);
}

/** Right after a revocation committed: the STI-PA is told, and a CRL the CA signs for that issuer re-signed. */
export async function afterRevocation(
  deps: Pick<CertificateDeps, 'crl' | 'log' | 'db' | 'stiPa' | 'now'>,
  revoked: Revoked,
): Promise<void> {
  try {
    await reportRevocation(deps, revoked.id);
  } catch (e) {
    deps.log.error(
      { err: e, certificate_id: revoked.id },
      'the revocation could not be reported to the STI-PA yet',
    );
  }
  await reissueCrl(deps, revoked.issuer_id);
}

/** How a revocation report is retried. */
export const REPORT_RETRIES = { retryLimit: 20, retryDelaySeconds: 5, retryBackoff: true } as const;

export function queueRevocationReport(
  deps: Pick<CertificateDeps, 'jobs'>,
  tx: Queryable,
  certificateId: string,
) {
  return deps.jobs.send(
    REVOCATION_REPORT_JOB,
    { certificateId },
    // An STI-PA that is down is asked again at growing intervals (5-10 s, then doubling, for days); a report
    // whose process died is asked again within a minute (the job's expiry, then the first short delay).
    { tx, startAfter: REPORT_JOB_DELAY_S, ...REPORT_RETRIES },
  );
}

/** Reports a revocation to the STI-PA once (nothing when already reported); throws when it was not delivered. */
export async function reportRevocation(
  deps: Pick<CertificateDeps, 'db' | 'stiPa' | 'now'>,
  certificateId: string,
): Promise<void> {
  const r = await revocationStore.unreportedRevocation(deps.db, certificateId);
  if (!r) return;
  await deps.stiPa.reportRevocation({
    serial: r.serial_number,
    certificateIssuer: certificateIssuerName(r.certificate_der),
    revokedAt: new Date(r.revoked_on),
    reason: r.revocation_reason,
    notAfter: new Date(r.not_after),
  });
  await revocationStore.markRevocationReported(deps.db, certificateId, deps.now());
}

export function queueRevocationMail(
  deps: Pick<CertificateDeps, 'jobs'>,
  tx: Queryable,
  certificateId: string,
) {
  return deps.jobs.send(CERTIFICATE_REVOKED_MAIL_JOB, { certificateId }, { tx, retryLimit: 5 });
}

/** The revocation is committed; a CRL that cannot be re-signed now is logged, and the daily job catches up. */
export async function reissueCrl(
  deps: Pick<CertificateDeps, 'crl' | 'log'>,
  issuerId: string,
): Promise<void> {
  try {
    await deps.crl.reissue(issuerId);
  } catch (e) {
    deps.log.error({ err: e, issuer_id: issuerId }, 'the CRL could not be reissued after a revocation');
  }
}

/** The job: tells the provider's account holder that a certificate was revoked, and why. */
export async function sendRevocationMail(
  deps: Pick<CertificateDeps, 'db' | 'mailer' | 'config'>,
  certificateId: string,
): Promise<void> {
  const notice = await revocationStore.revocationNotice(deps.db, certificateId);
  if (!notice) return;
  await deps.mailer.send(
    certificateRevokedMail({
      to: notice.email,
      name: `${notice.first_name} ${notice.last_name}`,
      serial: notice.serial_number,
      ocn: notice.ocn,
      reason: notice.revocation_reason ?? 'unspecified',
      revokedOn: new Date(notice.revoked_on),
      link: `${deps.config.publicUrl}/sti-certificate/certificate`,
    }),
  );
}

/** The certificates module's background work: the revocation mail, the scheduled revocation, the STI-PA report. */
export function certificateJobs(
  deps: Pick<CertificateDeps, 'db' | 'mailer' | 'config' | 'jobs' | 'now' | 'crl' | 'log' | 'stiPa'>,
): JobDefinition[] {
  return [
    {
      name: CERTIFICATE_REVOKED_MAIL_JOB,
      handler: ({ certificateId }: { certificateId: string }) => sendRevocationMail(deps, certificateId),
    },
    {
      name: CERTIFICATE_SCHEDULED_REVOCATION_JOB,
      handler: ({ certificateId }: { certificateId: string }) => revokeScheduled(deps, certificateId),
    },
    {
      name: REVOCATION_REPORT_JOB,
      handler: ({ certificateId }: { certificateId: string }) => reportRevocation(deps, certificateId),
    },
  ];
}
