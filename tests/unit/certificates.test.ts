// contract/certificates.ts: the generate and revoke payloads, the key label, who may create a certificate,
// the error-cause toasts, the downloaded key's file name and the certificate's PEM files
// (docs/screens.md, Certificates).
import { describe, expect, it } from 'vitest';
import {
  certificateState,
  certificateFileNames,
  splitPemCertificates,
  CERTIFICATE_MESSAGES,
  DEFAULT_KEY_FILE_NAME,
  ERROR_CAUSE_MESSAGES,
  canCreateCertificate,
  canRenewOrRevoke,
  certificateBlocker,
  errorCauseMessage,
  filenameFromContentDisposition,
  formatKeyLabel,
  generateCertificateSchema,
  hasCertificateActions,
  revokeCertificateSchema,
} from '../../contract/certificates';
import { ValidationFailure, validate } from '../../contract/schemas';

const KEY = '0f8e2a6c-3b1d-4c9e-9a7b-5d2e1f0a9b8c';

async function errorsOf(
  schema: Parameters<typeof validate>[0],
  input: unknown,
): Promise<Record<string, string>> {
  try {
    await validate(schema, input);
    return {};
  } catch (e) {
    if (e instanceof ValidationFailure) return e.errors;
    throw e;
  }
}

describe('generateCertificateSchema', () => {
  it('accepts a key, a username and a password, trimming the username but never the password', async () => {
    const value = await validate(generateCertificateSchema, {
      sti_pa_username: '  demo ',
      sti_pa_password: ' demo-pass ',
      private_key_uuid: KEY,
    });
    expect(value).toEqual({ sti_pa_username: 'demo', sti_pa_password: ' demo-pass ', private_key_uuid: KEY });
  });

  it('names the missing fields with the labels username and password', async () => {
    const errors = await errorsOf(generateCertificateSchema, {
      sti_pa_username: ' ',
      sti_pa_password: '',
      private_key_uuid: '',
    });
    expect(errors).toEqual({
      sti_pa_username: 'username is a required field',
      sti_pa_password: 'password is a required field',
      private_key_uuid: CERTIFICATE_MESSAGES.keyRequired,
    });
  });

  it('requires the key to be a uuid', async () => {
    const errors = await errorsOf(generateCertificateSchema, {
      sti_pa_username: 'a',
      sti_pa_password: 'b',
      private_key_uuid: 'key-1',
    });
    expect(errors).toEqual({ private_key_uuid: CERTIFICATE_MESSAGES.keyInvalid });
  });

  it('caps the lengths', async () => {
    const errors = await errorsOf(generateCertificateSchema, {
      sti_pa_username: 'u'.repeat(101),
      sti_pa_password: 'p'.repeat(129),
      private_key_uuid: KEY,
    });
    expect(errors).toEqual({
      sti_pa_username: CERTIFICATE_MESSAGES.usernameMax,
      sti_pa_password: CERTIFICATE_MESSAGES.passwordMax,
    });
  });

  it('refuses unknown fields and non-text values', async () => {
    expect(
      await errorsOf(generateCertificateSchema, {
        sti_pa_username: 'a',
        sti_pa_password: 'b',
        private_key_uuid: KEY,
        admin: true,
      }),
    ).toEqual({ root: 'Unknown field: admin' });
    expect(
      await errorsOf(generateCertificateSchema, {
        sti_pa_username: 1,
        sti_pa_password: 'b',
        private_key_uuid: KEY,
      }),
    ).toEqual({
      sti_pa_username: 'sti_pa_username must be a string',
    });
  });
});

describe('revokeCertificateSchema', () => {
  it('takes no reason or one of the four reasons', async () => {
    expect(await validate(revokeCertificateSchema, {})).toEqual({});
    for (const reason of ['key_compromise', 'superseded', 'cessation_of_operation', 'affiliation_changed']) {
      expect(await validate(revokeCertificateSchema, { reason })).toEqual({ reason });
    }
  });

  it('refuses any other reason and unknown fields', async () => {
    expect(await errorsOf(revokeCertificateSchema, { reason: 'because' })).toEqual({
      reason: CERTIFICATE_MESSAGES.reasonInvalid,
    });
    expect(await errorsOf(revokeCertificateSchema, { reason: 'superseded', serial: '1' })).toEqual({
      root: 'Unknown field: serial',
    });
  });
});

describe('formatKeyLabel', () => {
  it('shows the key id and the en-US date and time to the millisecond with the GMT offset', () => {
    expect(formatKeyLabel(KEY, '2026-11-21T08:05:09.007Z', 'UTC')).toBe(
      `${KEY} 11/21/2026, 8:05:09.007 AM GMT+00:00`,
    );
  });

  it('uses the given time zone, its offset at that date and half-hour offsets', () => {
    expect(formatKeyLabel(KEY, '2026-01-02T03:04:05.678Z', 'America/New_York')).toBe(
      `${KEY} 1/1/2026, 10:04:05.678 PM GMT-05:00`,
    );
    expect(formatKeyLabel(KEY, '2026-07-02T03:04:05.678Z', 'America/New_York')).toBe(
      `${KEY} 7/1/2026, 11:04:05.678 PM GMT-04:00`,
    );
    expect(formatKeyLabel(KEY, new Date('2026-07-02T23:59:59.999Z'), 'Asia/Kolkata')).toBe(
      `${KEY} 7/3/2026, 5:29:59.999 AM GMT+05:30`,
    );
  });

  it('shows midnight as 12 AM', () => {
    expect(formatKeyLabel(KEY, '2026-03-10T00:00:00.000Z', 'UTC')).toBe(
      `${KEY} 3/10/2026, 12:00:00.000 AM GMT+00:00`,
    );
  });

  it('leaves the id alone for no or an unreadable date', () => {
    expect(formatKeyLabel(KEY, 'yesterday', 'UTC')).toBe(KEY);
    expect(formatKeyLabel(KEY, '', 'UTC')).toBe(KEY);
  });
});

describe('canCreateCertificate', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ok = {
    is_active: true,
    is_confirmed: true,
    subscription_started_on: '2026-01-15T00:00:00Z',
    subscription_expired_on: '2027-01-15T00:00:00Z',
  };

  it('allows an active, confirmed user whose subscription has started and not expired', () => {
    expect(canCreateCertificate(ok, now)).toBe(true);
    expect(certificateBlocker(ok, now)).toBeNull();
  });

  it('says why it refuses', () => {
    expect(certificateBlocker(null, now)).toBe('no_profile');
    expect(certificateBlocker({ ...ok, is_disabled: true }, now)).toBe('disabled');
    // deactivated comes first, whatever else is wrong
    expect(certificateBlocker({ ...ok, is_disabled: true, is_confirmed: false, is_active: false }, now)).toBe(
      'disabled',
    );
    expect(certificateBlocker({ ...ok, is_disabled: false }, now)).toBeNull();
    expect(certificateBlocker({ ...ok, is_active: false }, now)).toBe('inactive');
    expect(certificateBlocker({ ...ok, is_confirmed: false }, now)).toBe('unconfirmed');
    expect(certificateBlocker({ ...ok, subscription_started_on: null }, now)).toBe('not_started');
    expect(certificateBlocker({ ...ok, subscription_started_on: '2026-12-01T00:00:00Z' }, now)).toBe(
      'not_started',
    );
    expect(certificateBlocker({ ...ok, subscription_expired_on: '2026-11-21T12:00:00Z' }, now)).toBe(
      'expired',
    );
    expect(certificateBlocker({ ...ok, subscription_expired_on: null }, now)).toBe('expired');
    expect(canCreateCertificate({ ...ok, is_active: false }, now)).toBe(false);
  });
});

describe('error causes', () => {
  it('has the SPC token sentence and shows other causes as they are', () => {
    expect(ERROR_CAUSE_MESSAGES.unable_to_generate_spc_token).toBe(
      'Your SPC token is not able to be generated. Please check and confirm your STI-PA username and password are correct.',
    );
    expect(errorCauseMessage('unable_to_generate_spc_token')).toBe(
      ERROR_CAUSE_MESSAGES.unable_to_generate_spc_token,
    );
    expect(errorCauseMessage('subscription_inactive')).toBe('subscription_inactive');
  });
});

describe('certificate actions', () => {
  it('has none when the CR URL is not created, and renew/revoke only with a serial number', () => {
    expect(hasCertificateActions({ cr_path: 'not created' })).toBe(false);
    expect(hasCertificateActions({ cr_path: null })).toBe(false);
    expect(hasCertificateActions({ cr_path: 'https://ca.example/cr/1.pem' })).toBe(true);
    expect(canRenewOrRevoke({ cr_path: 'https://ca.example/cr/1.pem', serial_number: '1A' })).toBe(true);
    expect(canRenewOrRevoke({ cr_path: 'https://ca.example/cr/1.pem', serial_number: null })).toBe(false);
    expect(canRenewOrRevoke({ cr_path: 'not created', serial_number: '1A' })).toBe(false);
    // Revoked: still viewable, never renewed or revoked again.
    const revoked = { cr_path: 'https://ca.example/cr/1.pem', serial_number: '1A', status: 'revoked' };
    expect(canRenewOrRevoke(revoked)).toBe(false);
    expect(hasCertificateActions(revoked)).toBe(true);
    expect(canRenewOrRevoke({ ...revoked, status: 'issued' })).toBe(true);
  });
});

describe('filenameFromContentDisposition', () => {
  it('reads the filename, the encoded filename*, and defaults to stir_private_key.pem', () => {
    expect(DEFAULT_KEY_FILE_NAME).toBe('stir_private_key.pem');
    expect(filenameFromContentDisposition('attachment; filename="key_1.pem"', DEFAULT_KEY_FILE_NAME)).toBe(
      'key_1.pem',
    );
    expect(filenameFromContentDisposition('attachment; filename=key_2.pem', DEFAULT_KEY_FILE_NAME)).toBe(
      'key_2.pem',
    );
    expect(
      filenameFromContentDisposition("attachment; filename*=UTF-8''k%C3%A9y.pem", DEFAULT_KEY_FILE_NAME),
    ).toBe('kéy.pem');
    expect(filenameFromContentDisposition('attachment', DEFAULT_KEY_FILE_NAME)).toBe(DEFAULT_KEY_FILE_NAME);
    expect(filenameFromContentDisposition(null, DEFAULT_KEY_FILE_NAME)).toBe(DEFAULT_KEY_FILE_NAME);
    expect(
      filenameFromContentDisposition('attachment; filename="../../etc/passwd"', DEFAULT_KEY_FILE_NAME),
    ).toBe('passwd');
  });
});

describe('certificate PEM', () => {
  const block = (body: string) => `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`;

  it('splits a chain into its certificate blocks, in order, with LF line ends', () => {
    const text = `${block('bGVhZg==')}\r\n${block('aW50ZXI=')}\n`.replace(/\n/g, '\r\n');
    expect(splitPemCertificates(text)).toEqual([block('bGVhZg=='), block('aW50ZXI=')]);
    expect(splitPemCertificates(`junk\n${block('YQ==')}\ntrailer`)).toEqual([block('YQ==')]);
    expect(splitPemCertificates('-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----')).toEqual([]);
    expect(splitPemCertificates('')).toEqual([]);
  });

  it('names the files by the serial of the CR URL', () => {
    expect(certificateFileNames('https://ca.test/cr/3a0f.pem')).toEqual({
      leaf: '3a0f.pem',
      chain: '3a0f-chain.pem',
    });
    expect(certificateFileNames('https://ca.test/base/cr/3A.pem?x=1')).toEqual({
      leaf: '3A.pem',
      chain: '3A-chain.pem',
    });
    expect(certificateFileNames('https://ca.test/cr/..%2Fetc.pem').leaf).toBe('certificate.pem');
    expect(certificateFileNames('not a url').chain).toBe('certificate-chain.pem');
  });
});

describe('certificateState', () => {
  const issued = {
    status: 'issued',
    replaced_by: null,
    sti_cert_expire_date: '2027-06-01T00:00:00Z',
  };
  const now = Date.parse('2026-12-01T00:00:00Z');
  it('is one state per certificate: pending, failed, revoked, expired, replaced or current', () => {
    expect(certificateState({ ...issued, status: 'pending' }, now)).toEqual({ state: 'pending' });
    expect(certificateState({ ...issued, status: 'failed' }, now)).toEqual({ state: 'failed' });
    expect(certificateState(issued, now)).toEqual({ state: 'current' });
    expect(certificateState({ ...issued, replaced_by: 'AB' }, now)).toEqual({
      state: 'replaced',
      by: 'AB',
      until: '2027-06-01T00:00:00Z',
    });
    expect(certificateState({ ...issued, sti_cert_expire_date: '2026-11-30T00:00:00Z' }, now)).toEqual({
      state: 'expired',
      on: '2026-11-30T00:00:00Z',
    });
    // revoked wins over a replacement, and its reason is never left out
    expect(
      certificateState(
        {
          ...issued,
          status: 'revoked',
          replaced_by: 'AB',
          revoked_on: '2026-11-02T00:00:00Z',
          revocation_reason: 'superseded',
        },
        now,
      ),
    ).toEqual({ state: 'revoked', reason: 'superseded', on: '2026-11-02T00:00:00Z' });
    expect(certificateState({ ...issued, status: 'revoked' }, now)).toEqual({
      state: 'revoked',
      reason: 'unspecified',
      on: null,
    });
  });
});
