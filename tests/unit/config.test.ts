import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';

describe('config', () => {
  it('has the embedded defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.payments).toBe('sandbox');
    expect(c.certPolicyOid).toBe('2.16.840.1.114569.1.1.4');
    expect(c.sessionTtl).toBeLessThan(c.rememberMeTtl);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/portal',
      PUBLIC_URL: 'https://ca.example.com/',
      DATABASE_URL: 'postgres://db/portal',
      ADMIN_EMAIL: 'Ops@Example.com',
      SUPPORT_URL: 'https://help.example.com',
      SMTP_URL: 'smtp://mail:25',
      PKCS11_SLOT: '2',
    });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('/srv/portal');
    expect(c.publicUrl).toBe('https://ca.example.com');
    expect(c.databaseUrl).toBe('postgres://db/portal');
    expect(c.adminEmail).toBe('ops@example.com');
    expect(c.supportUrl).toBe('https://help.example.com');
    expect(c.smtpUrl).toBe('smtp://mail:25');
    expect(c.pkcs11Slot).toBe(2);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '  ' }).databaseUrl).toBeUndefined();
  });

  it('refuses settings that cannot work', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENTS: 'paypal' })).toThrow(/PAYMENTS/);
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/32/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
});

describe('STI_PA_SIM_TOKEN_LIFETIME', () => {
  it('defaults to an hour and reads seconds', () => {
    expect(loadConfig({}).stiPaSimTokenLifetime).toBe(3600);
    expect(loadConfig({ STI_PA_SIM_TOKEN_LIFETIME: '' }).stiPaSimTokenLifetime).toBe(3600);
    expect(loadConfig({ STI_PA_SIM_TOKEN_LIFETIME: '172800' }).stiPaSimTokenLifetime).toBe(172_800);
  });

  it('refuses what is not a whole number of seconds from 1 to 30 days', () => {
    for (const bad of ['0', '-5', '1.5', 'an hour', String(30 * 86_400 + 1)])
      expect(() => loadConfig({ STI_PA_SIM_TOKEN_LIFETIME: bad })).toThrow(/STI_PA_SIM_TOKEN_LIFETIME/);
  });
});

describe('RENEWAL_REVOKE_DELAY_SECONDS', () => {
  it('defaults to 24 hours and reads seconds', () => {
    expect(loadConfig({}).renewalRevokeDelaySeconds).toBe(86_400);
    expect(loadConfig({ RENEWAL_REVOKE_DELAY_SECONDS: '' }).renewalRevokeDelaySeconds).toBe(86_400);
    expect(loadConfig({ RENEWAL_REVOKE_DELAY_SECONDS: '3' }).renewalRevokeDelaySeconds).toBe(3);
  });

  it('refuses what is not a positive whole number of seconds', () => {
    for (const bad of ['0', '-5', '1.5', 'a day'])
      expect(() => loadConfig({ RENEWAL_REVOKE_DELAY_SECONDS: bad })).toThrow(/RENEWAL_REVOKE_DELAY_SECONDS/);
  });
});
