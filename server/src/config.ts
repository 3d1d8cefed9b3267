// The only reader of the environment. Every setting (docs/production.md), typed, with its default.
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { PGLITE_SHARED_BUFFERS } from './db/pgliteDefaults';
import type { LogFormat } from './logger';
import { type PublishS3Settings, publishingSettings } from './publishing/settings';
import { ConfigError } from './configError';

export { ConfigError };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where people and verifiers reach this portal: links in mail, CR and CRL URLs. No trailing slash. */
  publicUrl: string;
  /** PostgreSQL server; unset means the embedded PGlite in `$DATA_DIR/db`. */
  databaseUrl: string | undefined;
  /** PGLITE_SHARED_BUFFERS: the embedded PGlite's shared_buffers (e.g. `16MB`), resident from the start. */
  pgliteSharedBuffers: string;
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
  /** LOG_FORMAT; unset: readable lines when stdout is a terminal, JSON otherwise. */
  logFormat: LogFormat | undefined;
  /** Serve the built web app from this folder when it exists. */
  webDistDir: string;
  /** Requests per minute per address on the sign-in, registration and password routes. */
  authRateLimit: number;
  /** Certificate requests (generate and renew, which pass STI-PA credentials on) per minute per account. */
  stiPaRateLimit: number;
  /** After a renewal asked to revoke the old certificate "in 24 hours": how many seconds later that happens. */
  renewalRevokeDelaySeconds: number;
  /** PENDING_GRACE_SECONDS: a certificate pending longer than this was interrupted; recovery settles it. */
  pendingGraceSeconds: number;
  /** Session lifetimes in seconds: a normal sign-in and one with "Remember me". */
  sessionTtl: number;
  rememberMeTtl: number;
  /**
   * How long one server reuses its read of a session (seconds; 0: every request reads it): the bound within
   * which a logout, a password change or a deactivation made through another server reaches this one.
   */
  sessionCacheSeconds: number;
  /** How long a request repeated with a running request's Idempotency-Key waits for its answer before a 409. */
  idempotencyWaitMs: number;
  /** Upload limit of a number import file in bytes (NUMBER_IMPORT_MAX_BYTES, default 200 MB). */
  numberImportMaxBytes: number;
  isProduction: boolean;
  /** DEMO_MODE=true: a production start that is a demo on purpose (sandbox payments, the STI-PA simulator). */
  demoMode: boolean;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For is believed (Fastify's trustProxy). false: none, the socket's
   * address is the client's; a number: that many hops; a list: those addresses and CIDRs.
   */
  trustProxy: false | number | string[];
  /** HTTP timeouts in milliseconds: all request headers, the whole request, an idle keep-alive connection. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** METRICS_TOKEN: /metrics answers only `Authorization: Bearer <token>` (needed in production on the main port). */
  metricsToken: string | undefined;
  /** METRICS_PORT: /metrics is served on this port only (on METRICS_HOST, default 127.0.0.1), not on PORT. */
  metricsPort: number | undefined;
  metricsHost: string;
  /**
   * API_DOCS: who may read `GET /api/docs` — `public` (anyone), `admin` (an admin's session) or `off` (not served).
   * Unset: public in development, admin in production, where the document would map every admin route for anyone.
   */
  apiDocs: ApiDocsAccess;
  /**
   * PUBLISH_DIR: an absolute folder where every CR answer (`cr/<serial>.pem`) and every CRL (`crl/<issuer>.crl`) is
   * also written, for a web server or CDN to serve (docs/production.md). Unset: only the portal serves them.
   */
  publishDir: string | undefined;
  /**
   * PUBLISH_S3_BUCKET (with PUBLISH_S3_ENDPOINT, _REGION, _PREFIX and the AWS credentials): the same objects are
   * written to a bucket of an object store instead. Unset: no bucket; never together with PUBLISH_DIR.
   */
  publishS3: PublishS3Settings | undefined;
}

export const API_DOCS_ACCESS = ['public', 'admin', 'off'] as const;
export type ApiDocsAccess = (typeof API_DOCS_ACCESS)[number];

/** An issuance takes seconds; one pending for a minute was interrupted (PENDING_GRACE_SECONDS). */
export const DEFAULT_PENDING_GRACE_SECONDS = 60;

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

/** The named proxy ranges of Fastify's trustProxy (proxy-addr). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry);
}

/** Unset: no proxy is trusted. A hop count (`1`), or a comma list of addresses, CIDRs and proxy-addr's names. */
function trustProxy(env: Env): Config['trustProxy'] {
  const raw = str(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return hops === 0 ? false : hops;
  }
  const entries = raw.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrCidr(e));
  if (bad !== undefined)
    throw new ConfigError(
      `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDRs, got "${bad}"`,
    );
  return entries;
}

function bool(env: Env, name: string): boolean {
  const raw = str(env, name);
  if (raw === undefined) return false;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be "true" or "false", got "${raw}"`);
}

/** The HTTP server's timeouts; the headers must arrive within the time allowed for the whole request. */
function httpTimeouts(env: Env) {
  const headers = positiveInt(env, 'HEADERS_TIMEOUT_SECONDS', 10);
  const request = positiveInt(env, 'REQUEST_TIMEOUT_SECONDS', 30);
  const keepAlive = positiveInt(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', 5);
  if (headers > request)
    throw new ConfigError(
      `HEADERS_TIMEOUT_SECONDS (${headers}) must not be longer than REQUEST_TIMEOUT_SECONDS (${request})`,
    );
  return {
    headersTimeoutMs: headers * 1000,
    requestTimeoutMs: request * 1000,
    keepAliveTimeoutMs: keepAlive * 1000,
  };
}

/** Where Prometheus reads /metrics: see metrics/routes.ts. */
function metricsSettings(env: Env, port: number) {
  const raw = str(env, 'METRICS_PORT');
  const metricsPort = raw === undefined ? undefined : int(env, 'METRICS_PORT', 0);
  if (metricsPort !== undefined && (metricsPort < 1 || metricsPort > 65535 || metricsPort === port))
    throw new ConfigError(
      `METRICS_PORT must be a port from 1 to 65535 other than PORT (${port}), got "${raw}"`,
    );
  return {
    metricsToken: str(env, 'METRICS_TOKEN'),
    metricsPort,
    metricsHost: str(env, 'METRICS_HOST') ?? '127.0.0.1',
  };
}

/** How the server faces the network: a declared demo, the proxies it trusts, its HTTP timeouts. */
function serverSettings(env: Env) {
  return { demoMode: bool(env, 'DEMO_MODE'), trustProxy: trustProxy(env), ...httpTimeouts(env) };
}

function apiDocsAccess(env: Env): ApiDocsAccess {
  const raw = str(env, 'API_DOCS');
  if (raw === undefined) return env.NODE_ENV === 'production' ? 'admin' : 'public';
  if (!(API_DOCS_ACCESS as readonly string[]).includes(raw))
    throw new ConfigError(`API_DOCS must be one of ${API_DOCS_ACCESS.join(', ')}, got "${raw}"`);
  return raw as ApiDocsAccess;
}

/** A sandbox or simulated side is in use: payments are not real or certificates are not trusted. */
export function isDemo(config: Pick<Config, 'demoMode' | 'payments' | 'stiPaUrl'>): boolean {
  return config.demoMode || config.payments !== 'stripe' || !config.stiPaUrl;
}

/**
 * In production the server runs only against a real payment provider and a real STI-PA, unless DEMO_MODE=true
 * says that this is a demo. One line, naming the variables.
 */
export function checkProductionSetup(config: Config): void {
  if (!config.isProduction || config.demoMode) return;
  const missing: string[] = [];
  if (config.payments !== 'stripe')
    missing.push('PAYMENTS=stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)');
  // A real STI-PA's SPC tokens are verified against its root: without it no certificate could be issued.
  if (!config.stiPaUrl || !config.stiPaRootPem) missing.push('STI_PA_URL (with STI_PA_ROOT_PEM)');
  if (missing.length === 0) return;
  throw new ConfigError(
    `NODE_ENV=production needs ${missing.join(' and ')} (sandbox payments and the built-in STI-PA simulator ` +
      'are for demos); set DEMO_MODE=true to run a demo on purpose',
  );
}

function logFormatSetting(env: Env): LogFormat | undefined {
  const raw = str(env, 'LOG_FORMAT');
  if (raw === undefined || raw === 'pretty' || raw === 'json') return raw;
  throw new ConfigError(`LOG_FORMAT must be "pretty" or "json", got "${raw}"`);
}

/** A postgres memory size of 1MB to 1GB, as `16MB`, `512kB` or `1GB`. */
function pgliteSharedBuffers(env: Env): string {
  const raw = str(env, 'PGLITE_SHARED_BUFFERS');
  if (raw === undefined) return PGLITE_SHARED_BUFFERS;
  const m = /^(\d+)(kB|MB|GB)$/.exec(raw);
  const kb = m ? Number(m[1]) * { kB: 1, MB: 1024, GB: 1024 * 1024 }[m[2] as 'kB' | 'MB' | 'GB'] : NaN;
  if (!(kb >= 1024 && kb <= 1024 * 1024))
    throw new ConfigError(
      `PGLITE_SHARED_BUFFERS must be a size from 1MB to 1GB such as "16MB", got "${raw}"`,
    );
  return raw;
}

function str(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** STRIPE_API_BASE (e.g. http://127.0.0.1:12111): the host, port and protocol the stripe SDK is pointed at. */
function stripeApiSettings(env: Env): Pick<Config, 'stripeApiHost' | 'stripeApiPort' | 'stripeApiProtocol'> {
  const base = str(env, 'STRIPE_API_BASE');
  if (base === undefined) return {};
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new ConfigError(`STRIPE_API_BASE must be an absolute URL, got "${base}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`STRIPE_API_BASE must be http or https, got "${base}"`);
  }
  const http = url.protocol === 'http:';
  return {
    stripeApiHost: url.hostname,
    stripeApiPort: Number(url.port || (http ? 80 : 443)),
    stripeApiProtocol: http ? 'http' : 'https',
  };
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

  const config: Config = {
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    publicUrl,
    databaseUrl: str(env, 'DATABASE_URL'),
    pgliteSharedBuffers: pgliteSharedBuffers(env),
    jwtSecret,
    adminEmail: (str(env, 'ADMIN_EMAIL') ?? 'admin@example.com').toLowerCase(),
    adminPassword: str(env, 'ADMIN_PASSWORD'),
    supportUrl: str(env, 'SUPPORT_URL') ?? 'https://support.example.com',
    payments,
    stripeSecretKey: str(env, 'STRIPE_SECRET_KEY'),
    stripeWebhookSecret: str(env, 'STRIPE_WEBHOOK_SECRET'),
    stripePublishableKey: str(env, 'STRIPE_PUBLISHABLE_KEY'),
    ...stripeApiSettings(env),
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
    logFormat: logFormatSetting(env),
    webDistDir: path.resolve(str(env, 'WEB_DIST_DIR') ?? './dist'),
    authRateLimit: int(env, 'AUTH_RATE_LIMIT', 30),
    stiPaRateLimit: int(env, 'STI_PA_RATE_LIMIT', 10),
    renewalRevokeDelaySeconds: positiveInt(env, 'RENEWAL_REVOKE_DELAY_SECONDS', 24 * 3600),
    pendingGraceSeconds: positiveInt(env, 'PENDING_GRACE_SECONDS', DEFAULT_PENDING_GRACE_SECONDS),
    sessionTtl: int(env, 'SESSION_TTL_SECONDS', 8 * 3600),
    rememberMeTtl: int(env, 'REMEMBER_ME_TTL_SECONDS', 30 * 24 * 3600),
    sessionCacheSeconds: int(env, 'SESSION_CACHE_SECONDS', 5),
    idempotencyWaitMs: int(env, 'IDEMPOTENCY_WAIT_MS', 10_000),
    numberImportMaxBytes: int(env, 'NUMBER_IMPORT_MAX_BYTES', 200 * 1024 * 1024),
    isProduction: env.NODE_ENV === 'production',
    apiDocs: apiDocsAccess(env),
    ...publishingSettings(env),
    ...serverSettings(env),
    ...metricsSettings(env, port),
    ...overrides,
  };
  checkProductionSetup(config);
  return config;
}

/** The database the server tests run on: PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set. */
export function testDatabaseUrl(env: Env = process.env): string | undefined {
  return str(env, 'TEST_DATABASE_URL') ?? str(env, 'DATABASE_URL');
}
