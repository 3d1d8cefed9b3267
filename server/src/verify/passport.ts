// A SHAKEN PASSporT (RFC 8225, RFC 8588, ATIS-1000074): a compact JWS whose header names ES256, `ppt: shaken`,
// `typ: passport` and the x5u of the signer's certificate, and whose claims carry attest, orig, dest, iat and origid.
// Here: reading it, its well-formedness, its ES256 signature with the leaf's key, the freshness of `iat`, and
// `orig` against the certificate's TNAuthList.
import { createPublicKey } from 'node:crypto';
import { compactVerify } from 'jose';
import type { X509Certificate } from '../ca';
import { type TnEntry, coversNumber } from './fields';

export interface Passport {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  compact: string;
}

const JWS_RE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
export const looksLikeJws = (text: string) => JWS_RE.test(text.trim());

function part(segment: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new Error(`the PASSporT ${what} is not JSON`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`the PASSporT ${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** The header and claims of a compact PASSporT (not verified yet). */
export function parsePassport(text: string): Passport {
  const compact = text.trim();
  if (!looksLikeJws(compact)) throw new Error('not a compact JWS (three base64url parts)');
  const [h, p] = compact.split('.');
  return { header: part(h, 'header'), claims: part(p, 'payload'), compact };
}

/** What is wrong with the header and claims a SHAKEN PASSporT must carry, or [] when nothing is. */
export function passportProblems(p: Passport, allowHttp: boolean): string[] {
  const problems: string[] = [];
  const { header: h, claims: c } = p;
  if (h.alg !== 'ES256') problems.push(`header alg is ${JSON.stringify(h.alg)}, not ES256`);
  if (h.ppt !== 'shaken') problems.push(`header ppt is ${JSON.stringify(h.ppt)}, not "shaken"`);
  if (h.typ !== 'passport') problems.push(`header typ is ${JSON.stringify(h.typ)}, not "passport"`);
  if (typeof h.x5u !== 'string') problems.push('header has no x5u');
  else problems.push(...x5uProblems(h.x5u, allowHttp));
  if (!['A', 'B', 'C'].includes(c.attest as string))
    problems.push(`attest is ${JSON.stringify(c.attest)}, not A, B or C`);
  if (typeof origTn(c) !== 'string') problems.push('orig has no tn');
  const dest = c.dest as { tn?: unknown; uri?: unknown } | undefined;
  if (!dest || !(Array.isArray(dest.tn) || Array.isArray(dest.uri)))
    problems.push('dest has no tn or uri list');
  if (typeof c.iat !== 'number' || !Number.isFinite(c.iat)) problems.push('iat is not a number');
  if (typeof c.origid !== 'string' || !c.origid) problems.push('origid is missing');
  return problems;
}

/** Deployed verifiers fetch an x5u over https on port 443 or 8443 only; `allowHttp` admits any http URL. */
function x5uProblems(x5u: string, allowHttp: boolean): string[] {
  let url: URL;
  try {
    url = new URL(x5u);
  } catch {
    return [`x5u is not a URL: ${x5u}`];
  }
  if (url.protocol === 'http:' && allowHttp) return [];
  if (url.protocol !== 'https:') return [`x5u is not an https URL: ${x5u}`];
  if (!['', '8443'].includes(url.port))
    return [`x5u is on port ${url.port}; verifiers fetch from 443 or 8443 only`];
  return [];
}

/** The orig telephone number, when the claims carry one. */
export const origTn = (claims: Record<string, unknown>) => {
  const orig = claims.orig as { tn?: unknown } | undefined;
  return typeof orig?.tn === 'string' ? orig.tn : undefined;
};

/** Whether the ES256 signature verifies with the certificate's key. */
export async function signatureVerifies(p: Passport, leaf: X509Certificate): Promise<boolean> {
  try {
    const key = createPublicKey({ key: Buffer.from(leaf.publicKey.rawData), format: 'der', type: 'spki' });
    await compactVerify(p.compact, key, { algorithms: ['ES256'] });
    return true;
  } catch {
    return false;
  }
}

/** Why `iat` is not fresh at `now` (more than `maxAgeSeconds` away either way), or undefined. */
export function staleness(p: Passport, now: Date, maxAgeSeconds: number): string | undefined {
  const iat = p.claims.iat as number;
  const off = Math.round(now.getTime() / 1000 - iat);
  if (Math.abs(off) <= maxAgeSeconds) return undefined;
  return off > 0
    ? `iat is ${off} s old (the limit is ${maxAgeSeconds} s)`
    : `iat is ${-off} s in the future (the limit is ${maxAgeSeconds} s)`;
}

/**
 * `orig` against the TNAuthList. A certificate naming an SPC (a SHAKEN certificate, ATIS-1000080) identifies the
 * signing provider, not numbers: it covers whatever numbers that provider holds, which the certificate cannot
 * tell, so the check is that the SPC is there and its holder signed. A certificate listing numbers or ranges (a
 * delegate certificate, RFC 9060 and ATIS-1000092) covers only those: `orig.tn` must be one of them.
 */
export function origProblem(p: Passport, entries: TnEntry[]): { ok: boolean; detail: string } {
  const tn = origTn(p.claims);
  const spc = entries.find((e) => e.kind === 'spc');
  if (spc && spc.kind === 'spc')
    return {
      ok: true,
      detail: `orig ${tn ?? '(none)'} is vouched for by the holder of SPC ${spc.spc}, whom the certificate identifies (attestation ${String(p.claims.attest)})`,
    };
  if (tn === undefined) return { ok: false, detail: 'orig has no tn to find in the delegate certificate' };
  const digits = tn.replace(/^\+/, '');
  return coversNumber(entries, digits)
    ? { ok: true, detail: `orig ${tn} lies in the certificate's TNAuthList` }
    : { ok: false, detail: `orig ${tn} is not in the certificate's TNAuthList` };
}
