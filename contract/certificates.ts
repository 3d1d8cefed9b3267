// Private key and certificate rules (docs/screens.md, Certificates), written once for the web app and the
// server: the generate and revoke payloads, the key label of the certificate page's dropdown, who may create
// a certificate, and the toast texts of the generation's error causes.
import * as yup from 'yup';
import type { CertificateRow } from './api';
import { UUID_RE } from './ids';
import { DATE_TIME_PARTS, LOCALE } from './format';
import { SAFE_TEXT_RE } from './schemas';

export { DEFAULT_KEY_FILE_NAME } from './constants';

const unknownField = 'Unknown field: ${unknown}';

export const CERTIFICATE_LIMITS = {
  stiPaUsernameMax: 100,
  stiPaPasswordMax: 128,
} as const;

export const CERTIFICATE_MESSAGES = {
  usernameRequired: 'username is a required field',
  passwordRequired: 'password is a required field',
  usernameMax: `username must be at most ${CERTIFICATE_LIMITS.stiPaUsernameMax} characters`,
  passwordMax: `password must be at most ${CERTIFICATE_LIMITS.stiPaPasswordMax} characters`,
  usernameInvalid: 'username is not valid.',
  keyRequired: 'private key is a required field',
  keyInvalid: 'private key is not valid.',
  reasonInvalid:
    'reason must be one of unspecified, key_compromise, affiliation_changed, superseded, cessation_of_operation',
  revokeOldInvalid: 'revoke_old must be one of keep, now, in_24_hours',
} as const;

/** The text of a certificate whose CR file does not exist (yet): such rows have no actions. */
export const CR_PATH_NOT_CREATED = 'not created';

/** The toast of each known error_cause of the generation; any other cause is shown as it is. */
export const ERROR_CAUSE_MESSAGES: Readonly<Record<string, string>> = {
  unable_to_generate_spc_token:
    'Your SPC token is not able to be generated. Please check and confirm your STI-PA username and password are correct.',
};

/** The toast text of a failed generation: the known sentence of its cause, else the cause itself. */
export function errorCauseMessage(cause: string | null | undefined): string {
  if (!cause) return 'The certificate could not be generated.';
  return ERROR_CAUSE_MESSAGES[cause] ?? cause;
}

/** POST /api/service_provider/generate_sti_spc_cert (the STI-PA username and password). */
export const generateCertificateSchema = yup
  .object({
    sti_pa_username: yup
      .string()
      .trim()
      .required(CERTIFICATE_MESSAGES.usernameRequired)
      .max(CERTIFICATE_LIMITS.stiPaUsernameMax, CERTIFICATE_MESSAGES.usernameMax)
      .matches(SAFE_TEXT_RE, { message: CERTIFICATE_MESSAGES.usernameInvalid, excludeEmptyString: true }),
    // kept exactly as typed: a password is never trimmed
    sti_pa_password: yup
      .string()
      .required(CERTIFICATE_MESSAGES.passwordRequired)
      .max(CERTIFICATE_LIMITS.stiPaPasswordMax, CERTIFICATE_MESSAGES.passwordMax),
    private_key_uuid: yup
      .string()
      .trim()
      .required(CERTIFICATE_MESSAGES.keyRequired)
      .matches(UUID_RE, { message: CERTIFICATE_MESSAGES.keyInvalid, excludeEmptyString: true }),
  })
  .noUnknown(true, unknownField);

export type GenerateCertificateInput = yup.InferType<typeof generateCertificateSchema>;

/**
 * What a renewal does to the certificate it replaces: `keep` it valid until it expires (calls in flight carry
 * its CR URL), revoke it `now`, or revoke it `in_24_hours` (RENEWAL_REVOKE_DELAY_SECONDS on the server).
 */
export const RENEWAL_REVOKE_OLD = ['keep', 'in_24_hours', 'now'] as const;
export type RenewalRevokeOld = (typeof RENEWAL_REVOKE_OLD)[number];
export const DEFAULT_RENEWAL_REVOKE_OLD: RenewalRevokeOld = 'keep';

/**
 * Renewing asks for the STI-PA credentials again (a new certificate needs a new SPC token) and what happens to
 * the old certificate: kept valid when not said.
 */
export const renewCertificateSchema = generateCertificateSchema
  .pick(['sti_pa_username', 'sti_pa_password'])
  .shape({
    revoke_old: yup
      .mixed<RenewalRevokeOld>()
      .transform((v: unknown) => (v === '' || v === null ? undefined : v))
      .oneOf([...RENEWAL_REVOKE_OLD], CERTIFICATE_MESSAGES.revokeOldInvalid)
      .default(DEFAULT_RENEWAL_REVOKE_OLD),
  })
  .noUnknown(true, unknownField);
export type RenewCertificateInput = yup.InferType<typeof renewCertificateSchema>;

/**
 * Turning on automatic renewal of a certificate: the STI-PA credentials the daily renewal asks for its SPC token
 * with (kept encrypted, never shown again).
 */
export const autoRenewalSchema = generateCertificateSchema
  .pick(['sti_pa_username', 'sti_pa_password'])
  .noUnknown(true, unknownField);
export type AutoRenewalInput = yup.InferType<typeof autoRenewalSchema>;

export const AUTO_RENEWAL_MESSAGES = {
  enabled: 'Automatic renewal enabled',
  disabled: 'Automatic renewal disabled',
  notIssued: 'Only an issued certificate that was not renewed can be renewed automatically',
} as const;

/** Automatic renewal renews a certificate in its last this many days. */
export const AUTO_RENEWAL_WINDOW_DAYS = 30;
/** Expiry notices, for certificates that will not be renewed: this many days before. */
export const EXPIRY_NOTICE_DAYS = [30, 7, 1] as const;

/**
 * The reasons a subscriber may state for a revocation (RFC 5280 §5.3.1, in its order of codes). None is chosen for
 * the person: the reason is published in the CRL. A revocation that names none is `unspecified`, which the CRL
 * publishes as an entry without a reasonCode.
 */
export const REVOCATION_REASONS = [
  'unspecified',
  'key_compromise',
  'affiliation_changed',
  'superseded',
  'cessation_of_operation',
] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

/** POST /api/service_provider/revoke_sti_spc_cert/{serial_number}: an optional reason. */
export const revokeCertificateSchema = yup
  .object({
    reason: yup
      .mixed<RevocationReason>()
      .transform((v: unknown) => (v === '' || v === null ? undefined : v))
      .oneOf([...REVOCATION_REASONS], CERTIFICATE_MESSAGES.reasonInvalid)
      .optional(),
  })
  .noUnknown(true, unknownField);

export type RevokeCertificateInput = yup.InferType<typeof revokeCertificateSchema>;

/** No actions at all for a certificate whose CR URL is 'not created' (docs/screens.md, Certificates). */
export function hasCertificateActions(row: { cr_path: string | null }): boolean {
  const path = row.cr_path?.trim();
  return Boolean(path) && path!.toLowerCase() !== CR_PATH_NOT_CREATED;
}

/** A certificate the CA has revoked: it can still be viewed, never renewed or revoked again (the server answers 409). */
export const isRevoked = (row: { status?: string }): boolean => row.status === 'revoked';

/**
 * The one state of a certificate of a key, from which its badge is drawn (and the server's is_current): being
 * issued (`pending`), not issued (`failed`), `revoked` (with the reason published and when), `expired`, `replaced`
 * by a renewal that is valid (this one stays valid until its own end, unless revoked), or `current`: the one to sign
 * with. A replacement revoked since replaces nothing (the server names only a valid one in replaced_by).
 */
export type CertificateState =
  | { state: 'pending' }
  | { state: 'failed' }
  | { state: 'revoked'; reason: string; on: string | null }
  | { state: 'expired'; on: string | null }
  | { state: 'replaced'; by: string; until: string | null }
  | { state: 'current' };

/** The states of `CertificateState`, in the words of the lists that filter by them (the admin's delegate CAs). */
export const CERTIFICATE_STATES = [
  'current',
  'replaced',
  'expired',
  'revoked',
  'pending',
  'failed',
] as const satisfies readonly CertificateState['state'][];
export type CertificateStateName = (typeof CERTIFICATE_STATES)[number];

export function certificateState(
  row: Pick<CertificateRow, 'status' | 'replaced_by' | 'sti_cert_expire_date'> &
    Partial<Pick<CertificateRow, 'revoked_on' | 'revocation_reason'>>,
  now: Date | number = Date.now(),
): CertificateState {
  if (row.status === 'pending') return { state: 'pending' };
  if (row.status === 'failed') return { state: 'failed' };
  if (row.status === 'revoked')
    return { state: 'revoked', reason: row.revocation_reason ?? 'unspecified', on: row.revoked_on ?? null };
  const end = row.sti_cert_expire_date ?? null;
  if (end && new Date(end).getTime() <= (typeof now === 'number' ? now : now.getTime()))
    return { state: 'expired', on: end };
  if (row.replaced_by) return { state: 'replaced', by: row.replaced_by, until: end };
  return { state: 'current' };
}

/** Renew and revoke need a serial number, and a certificate that is not revoked already. */
export function canRenewOrRevoke(row: {
  cr_path: string | null;
  serial_number: string | null;
  status?: string;
}): boolean {
  return (
    hasCertificateActions(row) &&
    Boolean(row.serial_number && String(row.serial_number).trim()) &&
    !isRevoked(row)
  );
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** '+05:30' style offset of a time zone at an instant; 'GMT' alone (UTC) becomes +00:00. */
function gmtOffset(date: Date, timeZone?: string): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /^GMT([+-−])(\d{1,2})(?::?(\d{2}))?$/.exec(name);
  if (!m) return 'GMT+00:00';
  const sign = m[1] === '+' ? '+' : '-';
  return `GMT${sign}${pad(Number(m[2]))}:${m[3] ?? '00'}`;
}

/**
 * The label of a key in the certificate page's dropdown: the key id and its creation time to the millisecond, in
 * the portal's one date format (docs/formats.md) with the GMT offset, so two keys made the same second differ:
 * `<uuid> 11/21/2026, 8:17:42.123 PM GMT+00:00`. `timeZone` (an IANA name) defaults to the browser's own; an
 * unreadable date leaves the id alone.
 */
export function formatKeyLabel(
  uuid: string,
  createdOn: Date | string | null | undefined,
  timeZone?: string,
): string {
  if (createdOn === null || createdOn === undefined || createdOn === '') return uuid;
  const date = createdOn instanceof Date ? createdOn : new Date(createdOn);
  if (Number.isNaN(date.getTime())) return uuid;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(LOCALE, { ...DATE_TIME_PARTS, timeZone, hour12: true })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const time =
    `${parts.month}/${parts.day}/${parts.year}, ` +
    `${parts.hour}:${parts.minute}:${parts.second}.${pad(date.getUTCMilliseconds(), 3)} ${parts.dayPeriod}`;
  return `${uuid} ${time} ${gmtOffset(date, timeZone)}`;
}

/** What a profile needs for the certificate rules: ISO strings on the web, Dates on the server. */
export interface CertificateProfile {
  /** An administrator deactivated the account (the server always says; a profile that does not say is not). */
  is_disabled?: boolean | null;
  /** A subscription is active (paid) now. */
  is_active?: boolean | null;
  is_confirmed?: boolean | null;
  subscription_started_on?: string | Date | null;
  subscription_expired_on?: string | Date | null;
}

export type CertificateBlocker =
  'no_profile' | 'disabled' | 'inactive' | 'unconfirmed' | 'not_started' | 'expired';

const instant = (value: string | Date | null | undefined): number | null => {
  if (!value) return null;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? null : t;
};

/**
 * Why this provider may not have a certificate now, or null when it may: the one judge of every path
 * that issues or renews (the portal's generate and renew, ACME's newOrder and finalize, the automatic renewal), and
 * of the web app's create button. Not deactivated by an administrator, a subscription active (paid), the email
 * confirmed, the subscription started and not expired.
 */
export function certificateBlocker(
  profile: CertificateProfile | null | undefined,
  now: Date | number = Date.now(),
): CertificateBlocker | null {
  if (!profile) return 'no_profile';
  if (profile.is_disabled === true) return 'disabled';
  if (profile.is_active !== true) return 'inactive';
  if (profile.is_confirmed !== true) return 'unconfirmed';
  const at = typeof now === 'number' ? now : now.getTime();
  const started = instant(profile.subscription_started_on);
  if (started === null || started > at) return 'not_started';
  const expires = instant(profile.subscription_expired_on);
  if (expires === null || expires <= at) return 'expired';
  return null;
}

/** Creation is allowed only when certificateBlocker finds nothing in the way. */
export function canCreateCertificate(
  profile: CertificateProfile | null | undefined,
  now: Date | number = Date.now(),
): boolean {
  return certificateBlocker(profile, now) === null;
}

/** The file name of a downloaded key: the content-disposition's filename, else stir_private_key.pem. */
export function filenameFromContentDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/i.exec(header);
  if (star) {
    try {
      const name = decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
      if (name) return safeName(name, fallback);
    } catch {
      // a malformed encoding: try the plain filename
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name ? safeName(name, fallback) : fallback;
}

/** Only the last path segment, never a directory or a control character. */
function safeName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const CONTROL = /[\u0000-\u001f\u007f]/g;
  const base = name.split(/[\\/]/).pop()?.replace(CONTROL, '').trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : fallback;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----\r?\n[\s\S]*?-----END CERTIFICATE-----/g;

/** The certificates of a PEM chain (GET /cr/<serial>.pem: leaf, then intermediates), each as one PEM block. */
export function splitPemCertificates(text: string): string[] {
  return (text.match(PEM_CERTIFICATE) ?? []).map((block) => block.replace(/\r\n/g, '\n'));
}

/** The file names of a certificate from its CR URL: `<serial>.pem` for the leaf, `<serial>-chain.pem` for the chain. */
export function certificateFileNames(crUrl: string): { leaf: string; chain: string } {
  const last = crUrl.split(/[?#]/)[0].split('/').pop() ?? '';
  const serial = last.replace(/\.pem$/i, '');
  const base = /^[0-9A-Za-z_-]{1,64}$/.test(serial) ? serial : 'certificate';
  return { leaf: `${base}.pem`, chain: `${base}-chain.pem` };
}
