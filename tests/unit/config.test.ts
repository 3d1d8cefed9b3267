import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isDemo, loadConfig } from '../../server/src/config';

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
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'tok' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      metricsToken: 'tok',
    });
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
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
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

describe('PENDING_GRACE_SECONDS', () => {
  it('defaults to a minute and reads seconds', () => {
    expect(loadConfig({}).pendingGraceSeconds).toBe(60);
    expect(loadConfig({ PENDING_GRACE_SECONDS: '35' }).pendingGraceSeconds).toBe(35);
  });

  it('refuses what is not a positive whole number of seconds', () => {
    for (const bad of ['0', '-5', '1.5', 'a minute'])
      expect(() => loadConfig({ PENDING_GRACE_SECONDS: bad })).toThrow(/PENDING_GRACE_SECONDS/);
  });
});

describe('a production start', () => {
  const stripe = { PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
  const stiPa = {
    STI_PA_URL: 'https://sti-pa.example.com/api/v1',
    STI_PA_ROOT_PEM: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  };

  it('refuses the sandbox payments and the STI-PA simulator, naming the variables', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /^NODE_ENV=production needs PAYMENTS=stripe \(with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET\) and STI_PA_URL \(with STI_PA_ROOT_PEM\) .*DEMO_MODE=true/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...stripe })).toThrow(
      /needs STI_PA_URL \(with STI_PA_ROOT_PEM\) \(/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...stripe, STI_PA_URL: 'https://sti-pa.example.com/api/v1' }),
    ).toThrow(/needs STI_PA_URL \(with STI_PA_ROOT_PEM\)/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...stiPa })).toThrow(
      /needs PAYMENTS=stripe .*\(sandbox/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'false' })).toThrow(/DEMO_MODE=true/);
  });

  it('runs on a real payment provider and a real STI-PA', () => {
    const c = loadConfig({ NODE_ENV: 'production', ...stripe, ...stiPa });
    expect(c.isProduction).toBe(true);
    expect(c.demoMode).toBe(false);
    expect(isDemo(c)).toBe(false);
  });

  it('runs as a demo when DEMO_MODE=true says so', () => {
    const c = loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' });
    expect(c.demoMode).toBe(true);
    expect(c.payments).toBe('sandbox');
    expect(isDemo(c)).toBe(true);
    expect(isDemo(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true', ...stripe, ...stiPa }))).toBe(true);
  });

  it('is a demo in development whenever the sandbox or the simulator is in use', () => {
    expect(isDemo(loadConfig({}))).toBe(true);
    expect(isDemo(loadConfig({ ...stripe }))).toBe(true);
    expect(isDemo(loadConfig({ ...stiPa }))).toBe(true);
    expect(isDemo(loadConfig({ ...stripe, ...stiPa }))).toBe(false);
  });

  it('refuses a DEMO_MODE that is not true or false', () => {
    expect(() => loadConfig({ DEMO_MODE: 'yes please' })).toThrow(/DEMO_MODE must be "true" or "false"/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('reads a hop count, or a list of addresses, CIDRs and named ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8, ::1, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses what would trust everyone or is not an address', () => {
    for (const bad of [
      'true',
      'yes',
      '*',
      '10.0.0.300',
      '10.0.0.0/40',
      'proxy.example.com',
      '10.0.0.1,,10.0.0.2',
    ])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be/);
  });
});

describe('HTTP timeouts', () => {
  it('default to 10 s for the headers, 30 s for the request and 5 s of keep-alive', () => {
    const c = loadConfig({});
    expect([c.headersTimeoutMs, c.requestTimeoutMs, c.keepAliveTimeoutMs]).toEqual([10_000, 30_000, 5_000]);
    const set = loadConfig({
      HEADERS_TIMEOUT_SECONDS: '2',
      REQUEST_TIMEOUT_SECONDS: '20',
      KEEP_ALIVE_TIMEOUT_SECONDS: '65',
    });
    expect([set.headersTimeoutMs, set.requestTimeoutMs, set.keepAliveTimeoutMs]).toEqual([
      2_000, 20_000, 65_000,
    ]);
  });

  it('refuses no timeout at all, and headers allowed longer than the whole request', () => {
    for (const name of ['HEADERS_TIMEOUT_SECONDS', 'REQUEST_TIMEOUT_SECONDS', 'KEEP_ALIVE_TIMEOUT_SECONDS'])
      for (const bad of ['0', '-1', '2.5', 'ten'])
        expect(() => loadConfig({ [name]: bad })).toThrow(new RegExp(name));
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '40' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS \(40\) must not be longer than REQUEST_TIMEOUT_SECONDS \(30\)/,
    );
  });
});

describe('PGLITE_SHARED_BUFFERS', () => {
  it('is 16MB unless set, and takes a postgres size', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('16MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '2048kB' }).pgliteSharedBuffers).toBe('2048kB');
  });

  it('refuses what postgres would not read, and sizes out of 1MB to 1GB', () => {
    for (const bad of ['16', '16mb', '16 MB', '512kB', '2GB', 'lots'])
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(
        /PGLITE_SHARED_BUFFERS must be a size/,
      );
  });
});

describe('PUBLISH_DIR', () => {
  it('is unset by default (the portal alone serves /cr/ and /crl/), and reads an absolute folder', () => {
    expect(loadConfig({}).publishDir).toBeUndefined();
    expect(loadConfig({ PUBLISH_DIR: ' ' }).publishDir).toBeUndefined();
    expect(loadConfig({ PUBLISH_DIR: '/srv/publish/' }).publishDir).toBe('/srv/publish/');
    expect(loadConfig({ PUBLISH_DIR: '/srv//publish' }).publishDir).toBe('/srv/publish');
  });

  it('refuses a relative path', () => {
    expect(() => loadConfig({ PUBLISH_DIR: 'publish' })).toThrow(/PUBLISH_DIR must be an absolute path/);
  });
});

describe('PUBLISH_S3_BUCKET', () => {
  it('is unset by default, and reads the bucket with its defaults', () => {
    expect(loadConfig({}).publishS3).toBeUndefined();
    expect(loadConfig({ PUBLISH_S3_BUCKET: 'ca-objects' }).publishS3).toEqual({
      bucket: 'ca-objects',
      endpoint: undefined,
      region: 'us-east-1',
      prefix: '',
      credentials: undefined,
    });
  });

  it('reads the endpoint, region, prefix and credentials', () => {
    const config = loadConfig({
      PUBLISH_S3_BUCKET: 'ca-objects',
      PUBLISH_S3_ENDPOINT: 'https://s3.example.net:9000/',
      PUBLISH_S3_REGION: 'eu-west-3',
      PUBLISH_S3_PREFIX: '/pki/v1/',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.publishS3).toEqual({
      bucket: 'ca-objects',
      endpoint: 'https://s3.example.net:9000',
      region: 'eu-west-3',
      prefix: 'pki/v1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    });
    expect(
      loadConfig({
        PUBLISH_S3_BUCKET: 'b1',
        AWS_ACCESS_KEY_ID: 'a',
        AWS_SECRET_ACCESS_KEY: 's',
        AWS_SESSION_TOKEN: 't',
      }).publishS3?.credentials,
    ).toEqual({ accessKeyId: 'a', secretAccessKey: 's', sessionToken: 't' });
    // Credentials are not read without a bucket.
    expect(loadConfig({ AWS_ACCESS_KEY_ID: 'a' }).publishS3).toBeUndefined();
  });

  it('refuses it together with PUBLISH_DIR', () => {
    expect(() => loadConfig({ PUBLISH_DIR: '/srv/publish', PUBLISH_S3_BUCKET: 'ca-objects' })).toThrow(
      /PUBLISH_DIR and PUBLISH_S3_BUCKET are both set/,
    );
  });

  it('refuses a malformed endpoint, prefix or bucket, and half the credentials', () => {
    for (const bad of ['s3.example.net', 'ftp://s3.example.net', 'http://', 'https://s3.example.net/?a=1'])
      expect(() => loadConfig({ PUBLISH_S3_BUCKET: 'b1', PUBLISH_S3_ENDPOINT: bad }), bad).toThrow(
        /PUBLISH_S3_ENDPOINT must be an http or https URL/,
      );
    for (const bad of ['pki/../etc', '.hidden', 'a b'])
      expect(() => loadConfig({ PUBLISH_S3_BUCKET: 'b1', PUBLISH_S3_PREFIX: bad }), bad).toThrow(
        /PUBLISH_S3_PREFIX must be folder names/,
      );
    expect(() => loadConfig({ PUBLISH_S3_BUCKET: 'a/b' })).toThrow(/PUBLISH_S3_BUCKET is not a bucket name/);
    expect(() => loadConfig({ PUBLISH_S3_BUCKET: 'b1', AWS_ACCESS_KEY_ID: 'a' })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ PUBLISH_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /PUBLISH_S3_ENDPOINT is set but PUBLISH_S3_BUCKET is not/,
    );
  });
});
