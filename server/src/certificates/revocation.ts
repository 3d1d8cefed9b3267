// Revocation: the provider revokes its certificate (or a renewal supersedes it); the subscriber is mailed by a
// job queued in the same transaction. Right after the commit the revocation is reported to the STI-PA for the
// SHAKEN CRL (a job queued in the same transaction delivers it if that fails), and a CRL the CA signs itself
// for that certificate (an earlier release's intermediate's) is re-signed.
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
  auditActor,
} from './service';
import * as store from './store';

/** The job that mails the subscriber about a revocation; queued in the revoking transaction, so none is lost. */
export const CERTIFICATE_REVOKED_MAIL_JOB = 'certificate-revoked-mail';
/** The job that reports a revocation to the STI-PA unless the attempt right after the commit did. */
export const REVOCATION_REPORT_JOB = 'certificate-revocation-report';
/** How long the report job waits for the attempt right after the commit (seconds). */
const REPORT_JOB_DELAY_S = 60;

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
    await store.revokeCertificate(tx, cert.id, reason, deps.now());
    await queueRevocationMail(deps, tx, cert.id);
    await queueRevocationReport(deps, tx, cert.id);
    await recordAudit(tx, {
      action: 'certificate.revoked',
      actor: auditActor(actor),
      ip: actor.ip,
      serviceProviderId: actor.serviceProviderId,
      subject: cert.serial_number,
      detail: reason,
    });
    return cert;
  });
  await afterRevocation(deps, revoked);
}

/** Right after a revocation committed: the STI-PA is told, and a CRL the CA signs for that issuer re-signed. */
export async function afterRevocation(
  deps: Pick<CertificateDeps, 'crl' | 'log' | 'db' | 'stiPa' | 'now'>,
  cert: { id: string; issuer_id: string },
): Promise<void> {
  try {
    await reportRevocation(deps, cert.id);
  } catch (e) {
    deps.log.error({ err: e, certificate_id: cert.id }, 'the revocation could not be reported to the STI-PA yet');
  }
  await reissueCrl(deps, cert.issuer_id);
}

export function queueRevocationReport(deps: Pick<CertificateDeps, 'jobs'>, tx: Queryable, certificateId: string) {
  return deps.jobs.send(
    REVOCATION_REPORT_JOB,
    { certificateId },
    { tx, startAfter: REPORT_JOB_DELAY_S, retryLimit: 20, retryDelaySeconds: 300 },
  );
}

/** Reports a revocation to the STI-PA once (nothing when already reported); throws when it was not delivered. */
export async function reportRevocation(
  deps: Pick<CertificateDeps, 'db' | 'stiPa' | 'now'>,
  certificateId: string,
): Promise<void> {
  const r = await store.unreportedRevocation(deps.db, certificateId);
  if (!r) return;
  await deps.stiPa.reportRevocation({
    serial: r.serial_number,
    certificateIssuer: certificateIssuerName(r.certificate_der),
    revokedAt: new Date(r.revoked_on),
    reason: r.revocation_reason,
    notAfter: new Date(r.not_after),
  });
  await store.markRevocationReported(deps.db, certificateId, deps.now());
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
  const notice = await store.revocationNotice(deps.db, certificateId);
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

/** The certificates module's background work: the revocation mail and the revocation report. */
export function certificateJobs(
  deps: Pick<CertificateDeps, 'db' | 'mailer' | 'config' | 'stiPa' | 'now'>,
): JobDefinition[] {
  return [
    {
      name: CERTIFICATE_REVOKED_MAIL_JOB,
      handler: ({ certificateId }: { certificateId: string }) => sendRevocationMail(deps, certificateId),
    },
    {
      name: REVOCATION_REPORT_JOB,
      handler: ({ certificateId }: { certificateId: string }) => reportRevocation(deps, certificateId),
    },
  ];
}
