// The only reader of the environment. Every setting of DESIGN.md, typed, with its default.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where people and verifiers reach this portal: links in mail, CR and CRL URLs. No trailing slash. */
  publicUrl: string;
  /** PostgreSQL server; unset means the embedded PGlite in `$DATA_DIR/db`. */
  databaseUrl: string | undefined;
  /** HS256 secret; unset means generated once into `$DATA_DIR/jwt-secret`. */
  jwtSecret: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  supportUrl: string;
  payments: 'sandbox' | 'stripe';
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Stripe.js publishable key for the web app's card form (Elements). */
  stripePublishableKey?: string;
  /** From STRIPE_API_BASE (e.g. http://127.0.0.1:12111): point the stripe SDK at a local stand-in. */
  stripeApiHost?: string;
  stripeApiPort?: number;
  stripeApiProtocol?: 'http' | 'https';
  stiPaUrl: string | undefined;
  stiPaSimAccounts: string | undefined;
  /** Lifetime in seconds of the SPC tokens the built-in STI-PA simulator signs. */
  stiPaSimTokenLifetime: number;
  stiPaRootPem: string | undefined;
  crlUrl: string | undefined;
  certPolicyOid: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  keyEncryptionKey: string | undefined;
  pkcs11Module: string | undefined;
  pkcs11Pin: string | undefined;
  pkcs11Slot: number | undefined;
  caDir: string | undefined;
  logLevel: string;
  /** Serve the built web app from this folder when it exists. */
  webDistDir: string;
  /** Requests per minute per address on the sign-in, registration and password routes. */
  authRateLimit: number;
  /** Certificate requests (generate and renew, which pass STI-PA credentials on) per minute per account. */
  stiPaRateLimit: number;
  /** After a renewal asked to revoke the old certificate "in 24 hours": how many seconds later that happens. */
  renewalRevokeDelaySeconds: number;
  /** Session lifetimes in seconds: a normal sign-in and one with "Remember me". */
  sessionTtl: number;
  rememberMeTtl: number;
  /**
   * How long one server reuses its read of a session (seconds; 0: every request reads it): the bound within
   * which a logout, a password change or a deactivation made through another server reaches this one.
   */
  sessionCacheSeconds: number;
  /** Upload limit of a number import file in bytes (NUMBER_IMPORT_MAX_BYTES, default 200 MB). */
  numberImportMaxBytes: number;
  isProduction: boolean;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** The simulator's SPC token lifetime: 1 s to 30 days (the real STI-PA's tokens live for days). */
const MAX_SIM_TOKEN_LIFETIME = 30 * 24 * 3600;

function simTokenLifetime(env: Env): number {
  const n = int(env, 'STI_PA_SIM_TOKEN_LIFETIME', 3600);
  if (n < 1 || n > MAX_SIM_TOKEN_LIFETIME)
    throw new ConfigError(
      `STI_PA_SIM_TOKEN_LIFETIME must be between 1 and ${MAX_SIM_TOKEN_LIFETIME} seconds, got "${n}"`,
    );
  return n;
}

/** A whole number of seconds, at least 1. */
function positiveInt(env: Env, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n < 1) throw new ConfigError(`${name} must be a positive integer, got "${n}"`);
  return n;
}

function str(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env, 'PORT', 3000);
  const dataDir = path.resolve(str(env, 'DATA_DIR') ?? './data');
  const payments = (str(env, 'PAYMENTS') ?? 'sandbox') as Config['payments'];
  if (payments !== 'sandbox' && payments !== 'stripe') {
    throw new ConfigError(`PAYMENTS must be "sandbox" or "stripe", got "${payments}"`);
  }
  if (payments === 'stripe' && (!str(env, 'STRIPE_SECRET_KEY') || !str(env, 'STRIPE_WEBHOOK_SECRET'))) {
    throw new ConfigError('PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  const jwtSecret = str(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters');
  }
  const publicUrl = (str(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  const slot = str(env, 'PKCS11_SLOT');
  const stripeApiBase = str(env, 'STRIPE_API_BASE');
  let stripeApi: URL | undefined;
  if (stripeApiBase !== undefined) {
    try {
      stripeApi = new URL(stripeApiBase);
    } catch {
      throw new ConfigError(`STRIPE_API_BASE must be an absolute URL, got "${stripeApiBase}"`);
    }
    if (stripeApi.protocol !== 'http:' && stripeApi.protocol !== 'https:') {
      throw new ConfigError(`STRIPE_API_BASE must be http or https, got "${stripeApiBase}"`);
    }
  }

  const config: Config = {
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    publicUrl,
    databaseUrl: str(env, 'DATABASE_URL'),
    jwtSecret,
    adminEmail: (str(env, 'ADMIN_EMAIL') ?? 'admin@example.com').toLowerCase(),
    adminPassword: str(env, 'ADMIN_PASSWORD'),
    supportUrl: str(env, 'SUPPORT_URL') ?? 'https://support.example.com',
    payments,
    stripeSecretKey: str(env, 'STRIPE_SECRET_KEY'),
    stripeWebhookSecret: str(env, 'STRIPE_WEBHOOK_SECRET'),
    stripePublishableKey: str(env, 'STRIPE_PUBLISHABLE_KEY'),
    stripeApiHost: stripeApi?.hostname,
    stripeApiPort: stripeApi
      ? Number(stripeApi.port || (stripeApi.protocol === 'http:' ? 80 : 443))
      : undefined,
    stripeApiProtocol: stripeApi ? (stripeApi.protocol === 'http:' ? 'http' : 'https') : undefined,
    stiPaUrl: str(env, 'STI_PA_URL'),
    stiPaSimAccounts: str(env, 'STI_PA_SIM_ACCOUNTS'),
    stiPaSimTokenLifetime: simTokenLifetime(env),
    stiPaRootPem: str(env, 'STI_PA_ROOT_PEM'),
    crlUrl: str(env, 'CRL_URL'),
    certPolicyOid: str(env, 'CERT_POLICY_OID') ?? '2.16.840.1.114569.1.1.4',
    smtpUrl: str(env, 'SMTP_URL'),
    mailFrom: str(env, 'MAIL_FROM') ?? 'SHAKEN CA Portal <no-reply@localhost>',
    keyEncryptionKey: str(env, 'KEY_ENCRYPTION_KEY'),
    pkcs11Module: str(env, 'PKCS11_MODULE'),
    pkcs11Pin: str(env, 'PKCS11_PIN'),
    pkcs11Slot: slot === undefined ? undefined : int(env, 'PKCS11_SLOT', 0),
    caDir: str(env, 'CA_DIR'),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    webDistDir: path.resolve(str(env, 'WEB_DIST_DIR') ?? './dist'),
    authRateLimit: int(env, 'AUTH_RATE_LIMIT', 30),
    stiPaRateLimit: int(env, 'STI_PA_RATE_LIMIT', 10),
    renewalRevokeDelaySeconds: positiveInt(env, 'RENEWAL_REVOKE_DELAY_SECONDS', 24 * 3600),
    sessionTtl: int(env, 'SESSION_TTL_SECONDS', 8 * 3600),
    rememberMeTtl: int(env, 'REMEMBER_ME_TTL_SECONDS', 30 * 24 * 3600),
    sessionCacheSeconds: int(env, 'SESSION_CACHE_SECONDS', 5),
    numberImportMaxBytes: int(env, 'NUMBER_IMPORT_MAX_BYTES', 200 * 1024 * 1024),
    isProduction: env.NODE_ENV === 'production',
    ...overrides,
  };
  return config;
}

/** The database the server tests run on: PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set. */
export function testDatabaseUrl(env: Env = process.env): string | undefined {
  return str(env, 'TEST_DATABASE_URL') ?? str(env, 'DATABASE_URL');
}
