// Revocation: the provider revokes its certificate (or a renewal supersedes it); the subscriber is mailed by a
// job queued in the same transaction, and the CRL is re-signed at once by the CRL publisher.
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

export async function revokeCertificate(
  deps: CertificateDeps,
  actor: Actor,
  serialParam: string,
  reason: string = 'unspecified',
): Promise<void> {
  const serial = assertSerialParam(serialParam);
  const issuerId = await deps.db.transaction(async (tx) => {
    const cert = await store.certificateBySerial(tx, actor.serviceProviderId, serial, { forUpdate: true });
    if (!cert) throw notFound(CERTIFICATE_NOT_FOUND);
    if (cert.status === 'revoked') throw conflict(ALREADY_REVOKED);
    if (cert.status !== 'issued') throw conflict('Only an issued certificate can be revoked');
    await store.revokeCertificate(tx, cert.id, reason, deps.now());
    await queueRevocationMail(deps, tx, cert.id);
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
  await reissueCrl(deps, issuerId);
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

/** The certificates module's background work: the revocation mail. */
export function certificateJobs(deps: Pick<CertificateDeps, 'db' | 'mailer' | 'config'>): JobDefinition[] {
  return [
    {
      name: CERTIFICATE_REVOKED_MAIL_JOB,
      handler: ({ certificateId }: { certificateId: string }) => sendRevocationMail(deps, certificateId),
    },
  ];
}
