import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminAccount } from '../../../server/src/accounts/admin';
import type { Config } from '../../../server/src/config';
import { createMailer } from '../../../server/src/integrations/mail';
import {
  confirmationMail,
  escapeHtml,
  invitationMail,
  passwordResetMail,
} from '../../../server/src/integrations/mail/templates';
import { headerOf, linkIn, postJson } from '../accounts/accounts-fixtures';
import { captureLog, createTestApp, readOutbox, testConfig, type TestApp } from '../helpers';

const made: Config[] = [];
/** A test configuration whose data folder is removed after the file. */
function config(overrides: Partial<Config>): Config {
  const c = testConfig(overrides);
  made.push(c);
  return c;
}
afterAll(() => {
  for (const c of made) fs.rmSync(c.dataDir, { recursive: true, force: true });
});

const base = {
  publicUrl: 'https://portal.example',
  to: 'ada@carrier.test',
  firstName: 'Ada',
  token: 'tok_EN-123',
};

describe('mail templates', () => {
  it('link to the pages of the web app', () => {
    expect(linkIn(fakeEml(confirmationMail({ ...base, validHours: 72 }).text)).url.href).toBe(
      'https://portal.example/email-verify?token=tok_EN-123',
    );
    expect(linkIn(fakeEml(passwordResetMail({ ...base, validHours: 1 }).text)).url.href).toBe(
      'https://portal.example/reset-password?token=tok_EN-123',
    );
    const invite = invitationMail({ ...base, validHours: 168, role: 'reseller' });
    expect(linkIn(fakeEml(invite.text)).url.href).toBe(
      'https://portal.example/accept-invite?token=tok_EN-123',
    );
    expect(invite.html).toContain('href="https://portal.example/accept-invite?token=tok_EN-123"');
    expect(invite.text).toContain('7 days');
    expect(confirmationMail({ ...base, validHours: 72 }).text).toContain('72 hours');
    expect(passwordResetMail({ ...base, validHours: 1 }).text).toContain('1 hour ');
  });

  it('name the product as the sender does: SHAKEN CA Portal', () => {
    const invite = invitationMail({ ...base, validHours: 168, role: 'reseller' });
    expect(invite.subject).toBe('You are invited to the SHAKEN CA Portal');
    for (const mail of [
      confirmationMail({ ...base, validHours: 72 }),
      passwordResetMail({ ...base, validHours: 1 }),
      invite,
    ]) {
      expect(mail.text).toContain('— SHAKEN CA Portal\n');
      expect(mail.html).toContain('<p>SHAKEN CA Portal</p>');
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain('Service Provider Portal');
    }
    expect(confirmationMail({ ...base, validHours: 72 }).text).toContain(
      'registering with the SHAKEN CA Portal.',
    );
  });

  it('escape every value a user typed in the HTML body', () => {
    const hostile = '<img src=x onerror="alert(1)">&\'';
    const mail = confirmationMail({ ...base, firstName: hostile, validHours: 72 });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;,');
    expect(mail.text).toContain(`Hello ${hostile},`);
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(confirmationMail({ ...base, firstName: '  ', validHours: 72 }).text.startsWith('Hello,\n')).toBe(
      true,
    );
  });
});

describe('the outbox mailer', () => {
  it('writes each message as an .eml file with text and HTML, named in time order, and logs the file, never its link', async () => {
    const cfg = config({ mailFrom: 'Portal <no-reply@portal.test>' });
    const { log, lines } = captureLog();
    const mailer = createMailer(cfg, log);
    expect(mailer.kind).toBe('outbox');
    try {
      for (let i = 0; i < 5; i++) {
        await mailer.send(
          confirmationMail({ ...base, token: `token-${i}`, to: `user${i}@carrier.test`, validHours: 72 }),
        );
      }
      const files = fs.readdirSync(path.join(cfg.dataDir, 'outbox'));
      expect(files).toHaveLength(5);
      expect(files.every((f) => /^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{6}\.eml$/.test(f))).toBe(true);

      const emls = readOutbox(cfg);
      expect(emls.map((e) => linkIn(e).token)).toEqual([
        'token-0',
        'token-1',
        'token-2',
        'token-3',
        'token-4',
      ]);
      const eml = emls[0];
      expect(headerOf(eml, 'From')).toBe('Portal <no-reply@portal.test>');
      expect(headerOf(eml, 'To')).toBe('user0@carrier.test');
      expect(headerOf(eml, 'Subject')).toBe('Confirm your email address');
      expect(headerOf(eml, 'Message-ID')).toMatch(/^<.+@.+>$/);
      expect(headerOf(eml, 'Content-Type')).toMatch(/^multipart\/alternative; boundary=/);
      expect(eml).toMatch(/Content-Type: text\/plain; charset=utf-8/);
      expect(eml).toMatch(/Content-Type: text\/html; charset=utf-8/);

      const info = lines.filter((l) => l.level === 'info');
      expect(info).toHaveLength(5);
      expect(info[0].args[0]).toMatchObject({
        to: 'user0@carrier.test',
        subject: 'Confirm your email address',
        file: expect.stringMatching(/\.eml$/),
      });
      expect(info[0].args[0]).not.toHaveProperty('link');
      expect(JSON.stringify(lines)).not.toContain('token-');
    } finally {
      await mailer.close();
    }
  });
});

interface Received {
  from: string;
  to: string[];
  user?: string;
  raw: string;
}

describe('the SMTP mailer', () => {
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret')
          return callback(null, { user: auth.username });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers to the server of SMTP_URL, with its credentials, from MAIL_FROM', async () => {
    const cfg = config({
      smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      mailFrom: 'Portal <no-reply@portal.test>',
    });
    const mailer = createMailer(cfg, captureLog().log);
    expect(mailer.kind).toBe('smtp');
    try {
      await mailer.send(passwordResetMail({ ...base, validHours: 1 }));
    } finally {
      await mailer.close();
    }
    const mail = received.at(-1)!;
    expect(mail).toMatchObject({ from: 'no-reply@portal.test', to: ['ada@carrier.test'], user: 'mailer' });
    expect(headerOf(mail.raw, 'Subject')).toBe('Reset your password');
    expect(mail.raw).toMatch(/multipart\/alternative/);
    expect(linkIn(mail.raw).url.href).toBe('https://portal.example/reset-password?token=tok_EN-123');
    // nothing went to the outbox
    expect(fs.existsSync(path.join(cfg.dataDir, 'outbox'))).toBe(false);
  });

  it('fails the send when the server refuses the credentials or cannot be reached', async () => {
    const wrong = createMailer(
      config({ smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}` }),
      captureLog().log,
    );
    await expect(wrong.send(passwordResetMail({ ...base, validHours: 1 }))).rejects.toThrow();
    await wrong.close();

    const closedPort = await freePort();
    const down = createMailer(config({ smtpUrl: `smtp://127.0.0.1:${closedPort}` }), captureLog().log);
    await expect(down.send(passwordResetMail({ ...base, validHours: 1 }))).rejects.toThrow();
    await down.close();
  });

  describe('inside the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
      await ensureAdminAccount({ db: t.db, config: t.config, log: captureLog().log });
    });
    afterAll(() => t.close());

    it('sends the password-reset mail over SMTP', async () => {
      const res = await postJson(t, '/api/auth/forgot_password', { email: t.config.adminEmail });
      expect(res.statusCode).toBe(200);
      const mail = received.find((m) => m.to.includes(t.config.adminEmail))!;
      expect(mail).toBeDefined();
      const { url, token } = linkIn(mail.raw);
      expect(`${url.origin}${url.pathname}`).toBe('http://portal.test/reset-password');
      const done = await postJson(t, '/api/auth/forgot_password/confirm', {
        token,
        password: 'new-admin-pass',
        password_extra: 'new-admin-pass',
      });
      expect(done.statusCode).toBe(200);
      expect(readOutbox(t.config)).toHaveLength(0);
    });
  });
});

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** Wraps a text body the way linkIn expects a message. */
function fakeEml(text: string): string {
  return `Subject: x${os.EOL}${os.EOL}${text}`;
}
