// Automatic renewal without ACME: a provider opts a certificate in with its STI-PA credentials (sealed, never
// returned or logged); the daily run renews it in its last 30 days as a manual renewal does, moves the opt-in to
// the new certificate and mails the outcome, and tries a failed one again the next day. Certificates that will
// not be renewed get expiry notices at 30, 7 and 1 day(s), once each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAutoRenewals } from '../../../server/src/certificates/autoRenewal';
import { type TestApp, createTestApp, injectFetch, readOutbox } from '../helpers';
import { type Provider, activeProvider, api, tokenOf } from '../billing/billing-fixtures';

const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
let t: TestApp;
let provider: Provider;
let http: ReturnType<typeof api>;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
  provider = await activeProvider(t);
  token = await tokenOf(t, provider);
  http = api(t, token);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A new key and its certificate; answers the certificate row. */
async function newCertificate() {
  const key = (await http.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid as string;
  const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
    ...STIPA,
    private_key_uuid: key,
  });
  expect(res.json().success, res.body).toBe(true);
  return { key, serial: res.json().certificate.serial_number as string };
}

const autoRenewal = (serial: string, method: 'PUT' | 'DELETE', body?: unknown) =>
  t.app.inject({
    method,
    url: `/api/service_provider/sti_spc_cert/${serial}/auto_renewal`,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

/** Brings a certificate's end `days` days from now (what time would do). */
async function expiresIn(serial: string, days: number) {
  await t.db.query(
    `UPDATE certificates SET not_after = now() + $2::float8 * interval '1 day' WHERE serial_number = $1`,
    [serial, days],
  );
}

async function certificatesOf(key: string) {
  const res = await http.get(`/api/service_provider/sti_spc_cert/last/${key}`);
  return res.json() as {
    serial_number: string;
    status: string;
    auto_renew: boolean;
    replaced_by: string | null;
  }[];
}

const run = () => runAutoRenewals(t.services.certificates);
const mailsTo = (subject: RegExp) =>
  readOutbox(t.config).filter((m) => subject.test(m) && m.includes(provider.email));

describe('automatic renewal', () => {
  it('keeps the credentials sealed, renews in the last 30 days, moves the opt-in, and mails', async () => {
    const { key, serial } = await newCertificate();
    const on = await autoRenewal(serial, 'PUT', { ...STIPA, sti_pa_password: 'demo-pass' });
    expect(on.json()).toEqual({ message: 'Automatic renewal enabled' });
    expect((await certificatesOf(key))[0]).toMatchObject({ serial_number: serial, auto_renew: true });
    const [stored] = await t.db.query<{ credentials_sealed: Uint8Array }>(
      'SELECT credentials_sealed FROM auto_renewals',
    );
    expect(Buffer.from(stored.credentials_sealed).includes(Buffer.from('demo-pass'))).toBe(false);

    // not due yet: nothing happens
    expect(await run()).toMatchObject({ renewed: 0, failed: 0 });
    await expiresIn(serial, 20);
    expect(await run()).toMatchObject({ renewed: 1, failed: 0 });
    const certs = await certificatesOf(key);
    expect(certs).toHaveLength(2);
    const [renewed, old] = certs;
    expect(old).toMatchObject({
      serial_number: serial,
      status: 'issued',
      replaced_by: renewed.serial_number,
      auto_renew: false,
    });
    expect(renewed).toMatchObject({ status: 'issued', auto_renew: true });
    expect(mailsTo(/Subject: Your STI certificate was renewed/).join()).toContain(renewed.serial_number);
    // once renewed, the next run leaves it
    expect(await run()).toMatchObject({ renewed: 0, failed: 0 });
  });

  it('mails a failure and tries again the next day; off means off', async () => {
    const { serial } = await newCertificate();
    await autoRenewal(serial, 'PUT', { sti_pa_username: 'demo', sti_pa_password: 'wrong-password' });
    await expiresIn(serial, 10);
    expect(await run()).toMatchObject({ renewed: 0, failed: 1 });
    expect(mailsTo(/Subject: Your STI certificate could not be renewed/).join()).toContain(serial);
    const [row] = await t.db.query<{ last_error: string }>(
      'SELECT last_error FROM auto_renewals ar JOIN certificates c ON c.id = ar.certificate_id WHERE c.serial_number = $1',
      [serial],
    );
    expect(row.last_error).toBeTruthy();
    // the same day: not tried again
    expect(await run()).toMatchObject({ failed: 0 });
    // the credentials entered again: the next run renews
    await autoRenewal(serial, 'PUT', STIPA);
    expect(await run()).toMatchObject({ renewed: 1 });

    const other = await newCertificate();
    await autoRenewal(other.serial, 'PUT', STIPA);
    expect((await autoRenewal(other.serial, 'DELETE')).json()).toEqual({
      message: 'Automatic renewal disabled',
    });
    await expiresIn(other.serial, 5);
    expect(await run()).toMatchObject({ renewed: 0 });
  });

  it('keeps a renewal done when its mail cannot be sent, and goes on', async () => {
    const { key, serial } = await newCertificate();
    await autoRenewal(serial, 'PUT', STIPA);
    await expiresIn(serial, 15);
    const failing = {
      ...t.services.certificates.mailer,
      send: () => Promise.reject(new Error('SMTP is down')),
    };
    expect(await runAutoRenewals({ ...t.services.certificates, mailer: failing })).toMatchObject({
      renewed: 1,
    });
    expect((await certificatesOf(key))[0]).toMatchObject({ status: 'issued', auto_renew: true });
  });

  it('refuses bad input, another provider, and certificates that cannot be renewed', async () => {
    const { serial } = await newCertificate();
    const missing = await autoRenewal(serial, 'PUT', { sti_pa_username: 'demo' });
    expect(missing.statusCode).toBe(400);
    const extra = await autoRenewal(serial, 'PUT', { ...STIPA, remember: true });
    expect(extra.statusCode).toBe(400);
    const stranger = await tokenOf(t, await activeProvider(t));
    const theirs = await t.app.inject({
      method: 'PUT',
      url: `/api/service_provider/sti_spc_cert/${serial}/auto_renewal`,
      headers: { authorization: `Bearer ${stranger}`, 'content-type': 'application/json' },
      payload: JSON.stringify(STIPA),
    });
    expect(theirs.statusCode).toBe(404);
    await http.post(`/api/service_provider/revoke_sti_spc_cert/${serial}`, {});
    expect((await autoRenewal(serial, 'PUT', STIPA)).statusCode).toBe(409);
    expect((await autoRenewal('00ff', 'PUT', STIPA)).statusCode).toBe(404);
  });
});

describe('expiry notices', () => {
  it('mails at 30, 7 and 1 day(s) before, once each, only for certificates that will not be renewed', async () => {
    const { serial } = await newCertificate();
    const opted = await newCertificate();
    await autoRenewal(opted.serial, 'PUT', { sti_pa_username: 'demo', sti_pa_password: 'wrong-password' });
    const notices = () => mailsTo(/Subject: Your STI certificate expires/).filter((m) => m.includes(serial));
    await expiresIn(serial, 25);
    await expiresIn(opted.serial, 25);
    await run();
    expect(notices()).toHaveLength(1);
    expect(notices()[0]).toContain('Subject: Your STI certificate expires in 30 days');
    await run();
    expect(notices()).toHaveLength(1);
    await expiresIn(serial, 3);
    await run();
    expect(notices()).toHaveLength(2);
    await expiresIn(serial, 0.5);
    await run();
    expect(notices().at(-1)).toContain('Subject: Your STI certificate expires tomorrow');
    expect(
      mailsTo(/Subject: Your STI certificate expires/).filter((m) => m.includes(opted.serial)),
    ).toHaveLength(0);
  });

  it('names an STI-SCA and a delegate certificate as what they are, with the page that renews each', async () => {
    const sca = await http.post('/api/service_provider/sti_sca', STIPA);
    expect(sca.json().success, sca.body).toBe(true);
    await t.db.query(`INSERT INTO numbers (service_provider_id, tn) VALUES ($1, '2015550177')`, [
      provider.spId,
    ]);
    const delegate = await http.post('/api/service_provider/delegates', {
      customer_name: 'Harbor Dental',
      numbers: '2015550177',
    });
    expect(delegate.statusCode, delegate.body).toBe(201);
    const d = delegate.json().delegate as { id: string; serial_number: string };
    const scaSerial = sca.json().sti_sca.serial_number as string;
    await expiresIn(scaSerial, 20);
    await expiresIn(d.serial_number, 6);
    await run();
    const [scaMail] = mailsTo(/Subject: Your delegate CA \(STI-SCA\) expires in 30 days/);
    expect(scaMail).toContain(scaSerial);
    expect(scaMail).toContain('The delegate certificates it signed fail verification');
    expect(scaMail).toContain(`${t.config.publicUrl}/sti-certificate/sti-sca`);
    // the text part, its quoted-printable soft line breaks joined
    const [delegateMail] = mailsTo(
      /Subject: The delegate certificate for Harbor Dental expires in 7 days/,
    ).map((m) => m.replace(/=\r?\n/g, ''));
    expect(delegateMail).toContain(d.serial_number);
    expect(delegateMail).toContain('Calls your customer signs with it fail verification');
    expect(delegateMail).toContain(`${t.config.publicUrl}/sti-certificate/delegates/${d.id}`);
    expect(
      mailsTo(/Subject: Your STI certificate expires/).filter((m) => m.includes(scaSerial)),
    ).toHaveLength(0);
  });
});
