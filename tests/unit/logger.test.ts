import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS, logFormat, loggerOptions, prettyStream, redactUrl } from '../../server/src/logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  const log = pino({ redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } }, stream);
  return { log, text: () => lines.join('') };
}

describe('log redaction', () => {
  it('hides passwords, tokens and card fields at any of the usual depths', () => {
    const { log, text } = capture();
    log.info({ password: 'hunter22', body: { password_extra: 'hunter22', token: 'tok-123' } }, 'a');
    log.info({ card: { number: '4242424242424242', cvc: '123' }, sti_pa_password: 'pa-secret' }, 'b');
    log.info({ req: { headers: { authorization: 'Bearer eyJabc' } } }, 'c');
    const out = text();
    for (const secret of ['hunter22', 'tok-123', '4242424242424242', '"123"', 'pa-secret', 'eyJabc']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[REDACTED]');
  });

  it('cuts tokens out of logged URLs', () => {
    expect(redactUrl('/api/service_provider/confirm/abcDEF123')).toBe(
      '/api/service_provider/confirm/[REDACTED]',
    );
    expect(redactUrl('/api/auth/reseller_token/PROMO42')).toBe('/api/auth/reseller_token/[REDACTED]');
    expect(redactUrl('/reset-password?token=abc&x=1')).toBe('/reset-password?token=[REDACTED]&x=1');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('readable log lines', () => {
  function prettyCapture() {
    const lines: string[] = [];
    const stream = prettyStream({ write: (line: string) => lines.push(line) });
    return { stream, lines };
  }

  it('are written at once, one readable line per entry, not JSON', () => {
    const { stream, lines } = prettyCapture();
    const log = pino(loggerOptions('info') as pino.LoggerOptions, stream);
    log.info({ database: 'pglite' }, 'portal ready');
    // no stream buffer in between: the line is there before anything else runs
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: portal ready/);
    expect(lines[0]).toContain('"database":"pglite"');
    expect(() => JSON.parse(lines[0])).toThrow();
  });

  it('keep the redaction of a request with a password, a token in its URL and an authorization header', async () => {
    const { stream, lines } = prettyCapture();
    const app = Fastify({ loggerInstance: pino(loggerOptions('info') as pino.LoggerOptions, stream) });
    app.post('/api/auth/login', async (request) => {
      request.log.info({ body: request.body }, 'sign-in attempt');
      return {};
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login?token=tok-in-url',
      headers: { authorization: 'Bearer eyJabc' },
      payload: { email: 'a@b.test', password: 'hunter22' },
    });
    await app.close();
    const out = lines.join('');
    expect(out).toContain('incoming request');
    expect(out).toContain('sign-in attempt');
    expect(out).toContain('[REDACTED]');
    for (const secret of ['hunter22', 'eyJabc', 'tok-in-url']) expect(out).not.toContain(secret);
  });

  it('keep the redaction of an authorization header logged with the request', () => {
    const { stream, lines } = prettyCapture();
    const log = pino({ redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } }, stream);
    log.info(
      { req: { method: 'GET', headers: { authorization: 'Bearer eyJabc', cookie: 'sid=s3cret' } } },
      'x',
    );
    expect(lines[0]).toContain('"authorization":"[REDACTED]"');
    expect(lines[0]).not.toMatch(/eyJabc|s3cret/);
  });

  it('are the default in a terminal; LOG_FORMAT decides when set', () => {
    expect(logFormat(undefined, true)).toBe('pretty');
    expect(logFormat(undefined, false)).toBe('json');
    expect(logFormat('json', true)).toBe('json');
    expect(logFormat('pretty', false)).toBe('pretty');
  });
});
