import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS, redactUrl } from '../../server/src/logger';

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
    expect(redactUrl('/api/service_provider/confirm/abcDEF123')).toBe('/api/service_provider/confirm/[REDACTED]');
    expect(redactUrl('/api/auth/reseller_token/PROMO42')).toBe('/api/auth/reseller_token/[REDACTED]');
    expect(redactUrl('/reset-password?token=abc&x=1')).toBe('/reset-password?token=[REDACTED]&x=1');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
