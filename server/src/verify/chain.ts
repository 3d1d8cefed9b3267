// Path validation as a verifier does it: from a certificate through the untrusted certificates given (a CR's
// intermediates) to one of the trust anchors, each link a CA certificate whose subject is the child's issuer byte
// for byte and whose key verifies the child's signature, every certificate valid at `now`; each issuer CA:TRUE
// with keyCertSign (when it has a keyUsage), and no CA with more CA certificates below it than its
// pathLenConstraint allows (RFC 5280 §4.2.1.9: an STI-SCA's 0 forbids a CA under it, as `openssl verify` refuses).
import {
  BasicConstraintsExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  X509Certificate,
  bytesEqual,
} from '../ca';
import { certificateNames } from './fields';

const MAX_DEPTH = 5;

export type PathResult =
  { ok: true; path: X509Certificate[]; anchor: X509Certificate } | { ok: false; problem: string };

const validAt = (cert: X509Certificate, now: Date) =>
  cert.notBefore.getTime() <= now.getTime() && now.getTime() <= cert.notAfter.getTime();

function canSignCertificates(cert: X509Certificate): boolean {
  if (!cert.getExtension(BasicConstraintsExtension)?.ca) return false;
  const ku = cert.getExtension(KeyUsagesExtension);
  return !ku || (ku.usages & KeyUsageFlags.keyCertSign) !== 0;
}

const issues = (issuer: X509Certificate, child: X509Certificate) =>
  bytesEqual(certificateNames(issuer).subject, certificateNames(child).issuer);

export async function signedBy(cert: X509Certificate, issuer: X509Certificate): Promise<boolean> {
  try {
    return await cert.verify({ publicKey: issuer, signatureOnly: true });
  } catch {
    return false;
  }
}

const selfIssued = (cert: X509Certificate) => {
  const names = certificateNames(cert);
  return bytesEqual(names.subject, names.issuer);
};

/**
 * Why the path breaks a pathLenConstraint, or undefined: a CA's constraint counts the CA certificates between it
 * and the end entity, self-issued ones (a key rollover) not counted.
 */
function pathLengthProblem(path: X509Certificate[]): string | undefined {
  for (let k = 1; k < path.length; k++) {
    const limit = path[k].getExtension(BasicConstraintsExtension)?.pathLength;
    if (limit === undefined) continue;
    const below = path.slice(1, k).filter((c) => !selfIssued(c)).length;
    if (below > limit)
      return `path length constraint exceeded: ${path[k].subject} has pathLenConstraint ${limit} and ${below} CA certificate${below === 1 ? '' : 's'} below it`;
  }
  return undefined;
}

/** The path as a result: refused when it breaks a path length constraint. */
function checked(path: X509Certificate[], anchor: X509Certificate): PathResult {
  const problem = pathLengthProblem(path);
  return problem ? { ok: false, problem } : { ok: true, path, anchor };
}

const sameCertificate = (a: X509Certificate, b: X509Certificate) =>
  bytesEqual(new Uint8Array(a.rawData), new Uint8Array(b.rawData));

/** The path from `cert` to a trust anchor (cert first, the anchor last), or why there is none. */
export async function buildPath(
  cert: X509Certificate,
  untrusted: X509Certificate[],
  anchors: X509Certificate[],
  now: Date,
): Promise<PathResult> {
  if (!anchors.length) return { ok: false, problem: 'no trust anchor was given' };
  if (!validAt(cert, now))
    return {
      ok: false,
      problem: `${cert.subject} is not valid now (${cert.notBefore.toISOString()} to ${cert.notAfter.toISOString()})`,
    };
  // A certificate that is itself a trust anchor is trusted as it is.
  const self = anchors.find((a) => sameCertificate(a, cert));
  if (self) return { ok: true, path: [cert], anchor: self };
  const path = [cert];
  const pool = untrusted.filter((c) => !sameCertificate(c, cert));
  let current = cert;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    for (const anchor of anchors)
      if (issues(anchor, current) && canSignCertificates(anchor) && (await signedBy(current, anchor))) {
        if (!validAt(anchor, now))
          return { ok: false, problem: `the trust anchor ${anchor.subject} is not valid now` };
        return checked([...path, anchor], anchor);
      }
    let next: X509Certificate | undefined;
    for (const candidate of pool)
      if (
        issues(candidate, current) &&
        canSignCertificates(candidate) &&
        (await signedBy(current, candidate))
      ) {
        next = candidate;
        break;
      }
    if (!next) break;
    if (!validAt(next, now)) return { ok: false, problem: `${next.subject} is not valid now` };
    pool.splice(pool.indexOf(next), 1);
    path.push(next);
    current = next;
  }
  const last = path[path.length - 1];
  const named = [...anchors, ...pool].filter((c) => issues(c, last));
  // An issuer whose key verifies the signature but may not sign certificates: say that, not "bad signature".
  for (const issuer of named)
    if (!canSignCertificates(issuer) && (await signedBy(last, issuer)))
      return {
        ok: false,
        problem: `${issuer.subject} cannot issue certificates (it is not CA:TRUE with keyCertSign)`,
      };
  return {
    ok: false,
    problem: named.length
      ? `the signature of ${last.subject} does not verify with its issuer's key`
      : `no path from ${cert.subject} to a trusted root (${last.subject} is issued by ${last.issuer}, which is neither given nor trusted)`,
  };
}
