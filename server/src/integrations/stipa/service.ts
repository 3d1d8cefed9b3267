// The STI-PA as the RA uses it, built once per app: the API client, what SPC tokens must chain to (decided by the
// composition root: the configured STI-PA root, or the simulator's), the x5u cache, and the name of the CRL at
// CRL_URL (read once a day). Nothing here knows which STI-PA it talks to.
import {
  type VerifiedSpcToken,
  type VerifySpcTokenOptions,
  X509Crl,
  createX5uCache,
  verifySpcToken,
} from '../../ca';
import { type SpcTokenAnswer, type SpcTokenRequest, type StiPaLog, createStiPaClient } from './client';

export interface StiPaTrustPolicy {
  trustAnchorsPem: string[];
  requireHttpsX5u: boolean;
}

export class StiPaConfigError extends Error {
  override readonly name = 'StiPaConfigError';
}

/** What a token must say beyond its signature: the RA's expectations and the replay check. */
export type SpcTokenExpectations = Pick<
  VerifySpcTokenOptions,
  'expectedSpc' | 'expectedCa' | 'expectedFingerprint' | 'now' | 'jtiSeen'
>;

/** A revocation as a STI-CA reports it to the STI-PA, for the SHAKEN CRL. */
export interface ReportedRevocation {
  /** Hex serial of the revoked certificate. */
  serial: string;
  /** The DER Name of the certificate's issuer, byte for byte as the certificate carries it. */
  certificateIssuer: Uint8Array;
  revokedAt: Date;
  /** The portal's reason name, or null. */
  reason: string | null;
  /** The certificate's notAfter: a CRL may drop it after. */
  notAfter: Date;
}

export interface StiPa {
  readonly baseUrl: string;
  /**
   * Reports a revocation to the STI-PA, which lists it in the SHAKEN CRL: the one seam of that path (the simulator
   * records it and re-signs its CRL; how a real STI-PA takes reports is unconfirmed, see STI_PA_URL in the docs).
   * Throws when it could not be delivered; the caller retries.
   */
  reportRevocation(revocation: ReportedRevocation): Promise<void>;
  /** login → SPC token → logout; the password is used for this call only. `log` carries the caller's bindings. */
  getSpcToken(
    params: { userId: string; password: string; ocn: string; atc: SpcTokenRequest },
    log?: StiPaLog,
  ): Promise<SpcTokenAnswer>;
  /** Verifies an SPC token against the trust policy (SpcTokenError when refused). */
  verifySpcToken(token: string, expectations: SpcTokenExpectations): Promise<VerifiedSpcToken>;
  /**
   * The issuer name of the CRL at `url`, byte for byte as that CRL carries it (verifiers compare
   * cRLIssuer with the CRL's issuer exactly). Read once a day per URL.
   */
  crlIssuerName(url: string): Promise<Uint8Array>;
}

export interface StiPaOptions {
  /** The STI-PA API, e.g. https://authenticate-api.iconectiv.com/api/v1. */
  baseUrl: string;
  /** What SPC tokens must chain to; asked on each verification (it may read files on first use). */
  trust: () => Promise<StiPaTrustPolicy>;
  /** The fetch that reaches the STI-PA, x5u and CRL URLs (tests: one that calls app.inject). */
  fetch?: typeof fetch;
  now: () => Date;
  timeoutMs?: number;
  /** Delivers revocation reports (the simulator's CRL in the embedded default; operatorReporting otherwise). */
  reportRevocation: (revocation: ReportedRevocation) => Promise<void>;
}

/**
 * With a real STI-PA: no reporting API of the STI-PA is published (none is known), so each revocation is
 * handed to the operator, in the log at warn level with what the STI-PA's revocation form asks, to file there.
 */
export function operatorReporting(log: { warn(obj: object, msg?: string): void }) {
  return async (r: ReportedRevocation): Promise<void> => {
    log.warn(
      { serial: r.serial, revoked_on: r.revokedAt.toISOString(), reason: r.reason ?? 'unspecified' },
      'certificate revoked: report it to the STI-PA for the SHAKEN CRL',
    );
  };
}

const CRL_ISSUER_NAME_TTL_MS = 24 * 3600 * 1000;

/** Fetches an x5u certificate (PEM or DER) with a timeout and a size cap. */
export function createX5uFetcher(opts: { fetch?: typeof fetch; timeoutMs?: number; maxBytes?: number } = {}) {
  const doFetch = opts.fetch ?? fetch;
  const maxBytes = opts.maxBytes ?? 64 * 1024;
  return async (url: string): Promise<string | Uint8Array> => {
    const res = await doFetch(url, {
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      redirect: 'error',
    });
    if (!res.ok) throw new Error(`x5u answered HTTP ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.length > maxBytes) throw new Error('x5u certificate too large');
    const text = Buffer.from(bytes).toString('latin1');
    return text.includes('-----BEGIN') ? text : bytes;
  };
}

export function createStiPa(options: StiPaOptions): StiPa {
  const client = createStiPaClient({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const fetchCertificate = createX5uFetcher({ fetch: options.fetch });
  // The STI-PA's signing certificate, verified once in a while rather than on each issuance.
  const x5uCache = createX5uCache();
  const crlIssuerNames = new Map<string, { der: Uint8Array; until: number }>();
  return {
    baseUrl: client.baseUrl,
    reportRevocation: options.reportRevocation,
    getSpcToken: (params, log) => client.getSpcToken({ ...params, log }),
    async verifySpcToken(token, expectations) {
      const policy = await options.trust();
      return verifySpcToken(token, { ...policy, ...expectations, fetchCertificate, x5uCache });
    },
    async crlIssuerName(url) {
      const now = options.now().getTime();
      const cached = crlIssuerNames.get(url);
      if (cached && cached.until > now) return cached.der;
      const der = await client.fetchCrl(url);
      const name = new Uint8Array(
        new X509Crl(new Uint8Array(der).buffer as ArrayBuffer).issuerName.toArrayBuffer(),
      );
      crlIssuerNames.set(url, { der: name, until: now + CRL_ISSUER_NAME_TTL_MS });
      return name;
    },
  };
}

/** A real STI-PA: tokens chain to its configured root (STI_PA_ROOT_PEM), and x5u must be https. */
export function configuredStiPaTrust(rootPem: string | undefined): () => Promise<StiPaTrustPolicy> {
  return async () => {
    if (!rootPem)
      throw new StiPaConfigError(
        'STI_PA_ROOT_PEM must be set when STI_PA_URL is: SPC tokens cannot be verified without it',
      );
    return { trustAnchorsPem: [rootPem], requireHttpsX5u: true };
  };
}
