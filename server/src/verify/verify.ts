// A SHAKEN verifier's whole check, of a certificate or of a PASSporT signed with one: the chain to a trusted CA
// root (path length and, for delegate certificates, each TNAuthList within its issuer's), the profile a verifier relies on (an end-entity P-256 certificate with a TNAuthList and the one CRL
// distribution point), revocation through the STI-PA's indirect CRL, and for a PASSporT its header and claims,
// its ES256 signature with the leaf's key, `iat` freshness and `orig` against the TNAuthList.
import {
  BasicConstraintsExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  SPC_RE,
  type X509Certificate,
} from '../ca';
import { buildPath } from './chain';
import { delegationCheck } from './delegation';
import { type TnEntry, tnAuthList } from './fields';
import {
  type Passport,
  looksLikeJws,
  origProblem,
  parsePassport,
  passportProblems,
  signatureVerifies,
  staleness,
} from './passport';
import { type RevocationStatus, RevocationError, checkRevocation } from './revocation';
import { certificatesOf, readSource } from './sources';

export interface VerifyOptions {
  /** The CA roots a leaf must chain to. */
  trustAnchors: X509Certificate[];
  /** Intermediates besides the ones the CR (or the certificate file) carries. */
  untrusted?: X509Certificate[];
  /** The STI-PA roots the CRL signer must chain to. */
  stiPaAnchors?: X509Certificate[];
  /** The CRL signer's certificate (and any intermediate on its path). */
  crlCertificates?: X509Certificate[];
  /** Check revocation (on by default). */
  revocation?: boolean;
  /** The CRL to use instead of fetching the one the distribution point names (DER or PEM). */
  crl?: Uint8Array;
  /** For a PASSporT: its signer's chain, instead of fetching its x5u. */
  x5uChain?: X509Certificate[];
  /** How far `iat` may be from now, in seconds (60 by default, as SHAKEN verifiers do); null: not checked. */
  maxAgeSeconds?: number | null;
  /** Accept an x5u over plain http (a portal or simulator without TLS, for tests). */
  allowHttp?: boolean;
  now?: Date;
  fetch?: typeof fetch;
}

export type CheckName =
  | 'input'
  | 'passport'
  | 'chain'
  | 'delegation'
  | 'profile'
  | 'signature'
  | 'freshness'
  | 'orig'
  | 'revocation';

export interface Check {
  name: CheckName;
  ok: boolean;
  detail: string;
}

export interface VerifyReport {
  valid: boolean;
  kind: 'passport' | 'certificate';
  /** The first failed check's detail, when invalid. */
  reason?: string;
  checks: Check[];
  certificate?: {
    subject: string;
    issuer: string;
    serial: string;
    notBefore: string;
    notAfter: string;
    spc?: string;
    tnAuthList?: TnEntry[];
  };
  passport?: { header: Record<string, unknown>; claims: Record<string, unknown> };
  revocation?: RevocationStatus;
}

function report(
  kind: VerifyReport['kind'],
  checks: Check[],
  extra: Partial<VerifyReport> = {},
): VerifyReport {
  const failed = checks.find((c) => !c.ok);
  return { valid: !failed, kind, ...(failed ? { reason: failed.detail } : {}), checks, ...extra };
}

/** The profile checks a verifier relies on; the TNAuthList entries when they read. */
function profile(leaf: X509Certificate): { check: Check; entries?: TnEntry[] } {
  const problems: string[] = [];
  let entries: TnEntry[] | null = null;
  try {
    entries = tnAuthList(leaf);
    if (!entries) problems.push('no TNAuthList');
  } catch (err) {
    problems.push(`TNAuthList unreadable: ${(err as Error).message}`);
  }
  if (entries) {
    const spcs = entries.filter((e) => e.kind === 'spc');
    if (spcs.length && entries.length !== 1)
      problems.push('TNAuthList mixes an SPC with other entries (SHAKEN: one SPC; a delegate: numbers only)');
    for (const e of spcs)
      if (e.kind === 'spc' && !SPC_RE.test(e.spc)) problems.push(`SPC ${JSON.stringify(e.spc)} is malformed`);
  }
  if (leaf.getExtension(BasicConstraintsExtension)?.ca)
    problems.push('a CA certificate, not an end-entity one');
  const ku = leaf.getExtension(KeyUsagesExtension);
  if (!ku || !(ku.usages & KeyUsageFlags.digitalSignature)) problems.push('key usage lacks digitalSignature');
  const alg = leaf.publicKey.algorithm as { name?: string; namedCurve?: string };
  if (alg.name !== 'ECDSA' || alg.namedCurve !== 'P-256') problems.push('the key is not EC P-256');
  const spc = entries?.find((e) => e.kind === 'spc');
  return {
    check: {
      name: 'profile',
      ok: problems.length === 0,
      detail: problems.length
        ? problems.join('; ')
        : spc && spc.kind === 'spc'
          ? `end-entity P-256 certificate, TNAuthList SPC ${spc.spc}`
          : `end-entity P-256 delegate certificate, TNAuthList of ${entries?.length} number entries`,
    },
    entries: entries ?? undefined,
  };
}

function describe(leaf: X509Certificate, entries?: TnEntry[]): VerifyReport['certificate'] {
  const spc = entries?.find((e) => e.kind === 'spc');
  return {
    subject: leaf.subject,
    issuer: leaf.issuer,
    serial: leaf.serialNumber.toLowerCase(),
    notBefore: leaf.notBefore.toISOString(),
    notAfter: leaf.notAfter.toISOString(),
    ...(spc && spc.kind === 'spc' ? { spc: spc.spc } : {}),
    ...(entries ? { tnAuthList: entries } : {}),
  };
}

/** Chain, profile and revocation of `chain[0]` (the rest: intermediates). */
async function certificateChecks(chain: X509Certificate[], opts: VerifyOptions) {
  const [leaf, ...rest] = chain;
  const now = opts.now ?? new Date();
  const checks: Check[] = [];
  const path = await buildPath(leaf, [...rest, ...(opts.untrusted ?? [])], opts.trustAnchors, now);
  checks.push(
    path.ok
      ? { name: 'chain', ok: true, detail: path.path.map((c) => c.subject).join(' ← ') }
      : { name: 'chain', ok: false, detail: path.problem },
  );
  const delegation = path.ok ? delegationCheck(path.path) : undefined;
  if (delegation) checks.push(delegation);
  const prof = profile(leaf);
  checks.push(prof.check);
  let revocation: RevocationStatus | undefined;
  if (opts.revocation !== false) {
    try {
      revocation = await checkRevocation(leaf, {
        stiPaAnchors: opts.stiPaAnchors ?? [],
        crlCertificates: opts.crlCertificates ?? [],
        loadCrl: (url) => (opts.crl ? Promise.resolve(opts.crl) : readSource(url, opts.fetch)),
        now,
      });
      checks.push(
        revocation.status === 'revoked'
          ? {
              name: 'revocation',
              ok: false,
              detail: `revoked on ${revocation.revokedAt}, reason ${revocation.reason} (${revocation.crlUrl})`,
            }
          : {
              name: 'revocation',
              ok: true,
              detail: `not revoked (${revocation.crlUrl}, ${revocation.thisUpdate})`,
            },
      );
    } catch (err) {
      // A RevocationError says why the CRL tells nothing; anything else is a CRL or certificate that does not decode.
      const why = err instanceof RevocationError ? err.message : `unreadable (${(err as Error).message})`;
      checks.push({ name: 'revocation', ok: false, detail: `revocation unknown: ${why}` });
    }
  }
  return { leaf, checks, entries: prof.entries, revocation };
}

/** A report of one failed `input` check: what could not be read. */
const unreadable = (kind: VerifyReport['kind'], err: unknown, extra: Partial<VerifyReport> = {}) =>
  report(kind, [{ name: 'input', ok: false, detail: `unreadable: ${(err as Error).message}` }], extra);

/** Verifies a certificate: `chain` is the leaf, then any intermediates (a CR file's content). */
export async function verifyCertificate(
  chain: X509Certificate[],
  opts: VerifyOptions,
): Promise<VerifyReport> {
  let r;
  try {
    r = await certificateChecks(chain, opts);
  } catch (err) {
    return unreadable('certificate', err);
  }
  return report('certificate', r.checks, {
    certificate: describe(r.leaf, r.entries),
    ...(r.revocation ? { revocation: r.revocation } : {}),
  });
}

/** Verifies a PASSporT: its x5u (fetched, or `opts.x5uChain`), then every check of its signer's certificate. */
export async function verifyPassport(compact: string, opts: VerifyOptions): Promise<VerifyReport> {
  let p: Passport;
  try {
    p = parsePassport(compact);
  } catch (err) {
    return report('passport', [{ name: 'input', ok: false, detail: (err as Error).message }]);
  }
  const passport = { header: p.header, claims: p.claims };
  const problems = passportProblems(p, opts.allowHttp ?? false);
  const checks: Check[] = [
    {
      name: 'passport',
      ok: !problems.length,
      detail: problems.join('; ') || 'SHAKEN header and claims present',
    },
  ];
  let chain = opts.x5uChain;
  if (!chain) {
    if (typeof p.header.x5u !== 'string') return report('passport', checks, { passport });
    try {
      chain = certificatesOf(await readSource(p.header.x5u, opts.fetch));
    } catch (err) {
      checks.push({ name: 'input', ok: false, detail: `x5u ${p.header.x5u}: ${(err as Error).message}` });
      return report('passport', checks, { passport });
    }
  }
  let r;
  try {
    r = await certificateChecks(chain, opts);
  } catch (err) {
    return unreadable('passport', err, { passport });
  }
  checks.push(...r.checks);
  const signed = await signatureVerifies(p, r.leaf);
  checks.push({
    name: 'signature',
    ok: signed,
    detail: signed
      ? 'ES256, with the certificate’s key'
      : 'the signature does not verify with the certificate’s key',
  });
  const maxAge = opts.maxAgeSeconds === undefined ? 60 : opts.maxAgeSeconds;
  if (maxAge !== null && typeof p.claims.iat === 'number') {
    const stale = staleness(p, opts.now ?? new Date(), maxAge);
    checks.push({ name: 'freshness', ok: !stale, detail: stale ?? `iat within ${maxAge} s` });
  }
  if (r.entries) checks.push({ name: 'orig', ...origProblem(p, r.entries) });
  return report('passport', checks, {
    passport,
    certificate: describe(r.leaf, r.entries),
    ...(r.revocation ? { revocation: r.revocation } : {}),
  });
}

/** Either: a compact PASSporT, or certificates (PEM or DER, the leaf first). */
export async function verifyShaken(input: string | Uint8Array, opts: VerifyOptions): Promise<VerifyReport> {
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  if (looksLikeJws(text)) return verifyPassport(text, opts);
  let chain: X509Certificate[];
  try {
    chain = certificatesOf(typeof input === 'string' ? new TextEncoder().encode(input) : input);
  } catch (err) {
    return report('certificate', [
      { name: 'input', ok: false, detail: `neither a PASSporT nor a certificate: ${(err as Error).message}` },
    ]);
  }
  return verifyCertificate(chain, opts);
}
