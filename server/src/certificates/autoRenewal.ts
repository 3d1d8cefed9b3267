// Automatic renewal without ACME: a provider opts a certificate in with its STI-PA credentials (sealed under the
// key-encryption key, never logged or returned); a daily job renews each opted-in certificate in its last 30 days
// as a manual renewal does (same key, new serial and SPC token, the old one kept valid until it expires), moves the
// opt-in to the new certificate, and mails the outcome. Certificates that will not be renewed get expiry notices
// 30, 7 and 1 day(s) before.
import {
  AUTO_RENEWAL_MESSAGES,
  AUTO_RENEWAL_WINDOW_DAYS,
  EXPIRY_NOTICE_DAYS,
  type AutoRenewalInput,
  errorCauseMessage,
} from '../../../contract/certificates';
import { HttpError, conflict, notFound } from '../http/errors';
import type { JobDefinition } from '../jobs/queue';
import {
  certificateAutoRenewalFailedMail,
  certificateAutoRenewedMail,
  certificateExpiringMail,
} from '../integrations/mail/certificateTemplates';
import * as arStore from './autoRenewalStore';
import { renewCertificate } from './issuance';
import { type Actor, CERTIFICATE_NOT_FOUND, type CertificateDeps, assertSerialParam } from './service';
import * as store from './store';

export const AUTO_RENEWAL_JOB = 'certificate-auto-renewal';
export const AUTO_RENEWAL_CRON = '20 4 * * *';
const DAY_MS = 24 * 3600 * 1000;
/** Renewals and notices handled per run (a run of a big portal takes several days' share at most). */
const BATCH = 200;

const aadOf = (spId: string) => `auto-renewal:${spId}`;

/** The provider's certificate that may be opted in: issued, and not renewed by an issued one. */
async function renewable(deps: CertificateDeps, actor: Actor, serialParam: string) {
  const serial = assertSerialParam(serialParam);
  const cert = await store.certificateBySerial(deps.db, actor.serviceProviderId, serial);
  if (!cert) throw notFound(CERTIFICATE_NOT_FOUND);
  if (cert.status !== 'issued' || cert.not_after <= deps.now())
    throw conflict(AUTO_RENEWAL_MESSAGES.notIssued);
  // the renewal's own rule: a certificate already renewed (or being renewed) is not renewed again
  const { renewed } = await store.issuanceObstacles(deps.db, cert.private_key_id, cert.id, deps.now());
  if (renewed) throw conflict(AUTO_RENEWAL_MESSAGES.notIssued);
  return cert;
}

export async function enableAutoRenewal(
  deps: CertificateDeps,
  actor: Actor,
  serial: string,
  input: AutoRenewalInput,
): Promise<{ message: string }> {
  const cert = await renewable(deps, actor, serial);
  const plain = Buffer.from(
    JSON.stringify({ username: input.sti_pa_username, password: input.sti_pa_password }),
  );
  const sealed = deps.secrets.seal(plain, aadOf(actor.serviceProviderId));
  plain.fill(0);
  await arStore.upsertAutoRenewal(deps.db, {
    certificateId: cert.id,
    spId: actor.serviceProviderId,
    sealed,
    now: deps.now(),
  });
  deps.log.info(
    { service_provider_id: actor.serviceProviderId, serial: cert.serial_number },
    'auto renewal on',
  );
  return { message: AUTO_RENEWAL_MESSAGES.enabled };
}

export async function disableAutoRenewal(deps: CertificateDeps, actor: Actor, serialParam: string) {
  const serial = assertSerialParam(serialParam);
  const cert = await store.certificateBySerial(deps.db, actor.serviceProviderId, serial);
  if (!cert) throw notFound(CERTIFICATE_NOT_FOUND);
  await arStore.deleteAutoRenewal(deps.db, cert.id);
  return { message: AUTO_RENEWAL_MESSAGES.disabled };
}

/** A mail about a renewal already done (or already failed): a failure to send it is logged, not the run's. */
async function sendNotice(
  deps: CertificateDeps,
  message: Parameters<CertificateDeps['mailer']['send']>[0],
  serial: string,
) {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, serial, subject: message.subject }, 'automatic renewal mail not sent');
  }
}

const listLink = (deps: CertificateDeps) => `${deps.config.publicUrl}/sti-certificate/certificate`;

/** Where a certificate of each kind is renewed in the portal. */
const renewLink = (deps: CertificateDeps, c: arStore.ExpiringCertificate) =>
  c.kind === 'sti_sca'
    ? `${deps.config.publicUrl}/sti-certificate/sti-sca`
    : c.kind === 'delegate'
      ? `${deps.config.publicUrl}/sti-certificate/delegates/${c.certificate_id}`
      : listLink(deps);

/** One due renewal: renewed as the provider's own renewal would be, the opt-in moved, the outcome mailed. */
async function renewOne(deps: CertificateDeps, due: arStore.DueRenewal): Promise<boolean> {
  const now = deps.now();
  const mail = {
    to: due.email,
    name: `${due.first_name} ${due.last_name}`,
    ocn: due.ocn,
    link: listLink(deps),
  };
  const actor: Actor = {
    accountId: due.account_id,
    email: due.email,
    serviceProviderId: due.service_provider_id,
    ip: null,
  };
  let reason: string;
  try {
    const { username, password } = JSON.parse(
      deps.secrets.open(due.credentials_sealed, aadOf(due.service_provider_id)).toString('utf8'),
    ) as { username: string; password: string };
    const result = await renewCertificate(deps, actor, due.serial_number, {
      sti_pa_username: username,
      sti_pa_password: password,
      revoke_old: 'keep',
    });
    if (result.success) {
      const c = result.certificate;
      await arStore.moveAutoRenewal(deps.db, due.certificate_id, String(c.id), now);
      await sendNotice(
        deps,
        certificateAutoRenewedMail({
          ...mail,
          oldSerial: due.serial_number,
          newSerial: c.serial_number!,
          notAfter: new Date(c.sti_cert_expire_date!),
          crUrl: c.cr_path!,
        }),
        due.serial_number,
      );
      return true;
    }
    reason = errorCauseMessage(result.error_cause);
  } catch (e) {
    deps.log.error({ err: e, serial: due.serial_number }, 'automatic renewal failed');
    reason = e instanceof HttpError ? e.message : 'the renewal could not be completed';
  }
  await arStore.recordRenewalFailure(deps.db, due.certificate_id, reason, now);
  await sendNotice(
    deps,
    certificateAutoRenewalFailedMail({
      ...mail,
      serial: due.serial_number,
      notAfter: new Date(due.not_after),
      reason,
    }),
    due.serial_number,
  );
  return false;
}

/** The daily run: due renewals (a failure is tried again the next day), then expiry notices. */
export async function runAutoRenewals(
  deps: CertificateDeps,
): Promise<{ renewed: number; failed: number; notices: number }> {
  const now = deps.now();
  const due = await arStore.dueRenewals(
    deps.db,
    now,
    AUTO_RENEWAL_WINDOW_DAYS * DAY_MS,
    new Date(now.getTime() - DAY_MS / 2),
    BATCH,
  );
  let renewed = 0;
  for (const d of due) if (await renewOne(deps, d)) renewed++;
  let notices = 0;
  // the most urgent notice first, so that a certificate found at 5 days gets the 7-day one and not also the 30-day one
  for (const days of [...EXPIRY_NOTICE_DAYS].sort((a, b) => a - b)) {
    for (const c of await arStore.expiringWithoutNotice(deps.db, now, days, BATCH)) {
      if (!(await arStore.claimExpiryNotice(deps.db, c.certificate_id, days, now))) continue;
      try {
        await deps.mailer.send(
          certificateExpiringMail({
            to: c.email,
            name: `${c.first_name} ${c.last_name}`,
            ocn: c.ocn,
            link: renewLink(deps, c),
            serial: c.serial_number,
            notAfter: new Date(c.not_after),
            days,
            kind: c.kind,
            customerName: c.customer_name,
          }),
        );
        notices++;
      } catch (e) {
        // not sent: the next run tries again
        await arStore.releaseExpiryNotice(deps.db, c.certificate_id, days);
        deps.log.error({ err: e, serial: c.serial_number }, 'expiry notice not sent');
      }
    }
  }
  const outcome = { renewed, failed: due.length - renewed, notices };
  deps.log.info(outcome, 'automatic renewals and expiry notices');
  return outcome;
}

export function autoRenewalJobs(deps: CertificateDeps): JobDefinition[] {
  return [
    {
      name: AUTO_RENEWAL_JOB,
      cron: AUTO_RENEWAL_CRON,
      handler: async () => void (await runAutoRenewals(deps)),
      expireInSeconds: 3600,
    },
  ];
}
