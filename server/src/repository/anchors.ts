// The trust anchors over HTTP: GET /ca/root.pem, /ca/intermediate.pem and /ca/crl-signer.pem answer the CA's
// current root, intermediate and CRL-signing certificates (one PEM certificate each), public and cacheable like the
// CR: what a verifier or a provider configures as its trust anchor, the intermediate a chain needs, and the
// certificate that verifies the CA's indirect CRL (the cRLIssuer the intermediate's CRL distribution point names).
import type { FastifyInstance } from 'fastify';
import { type AuthorityIssuer, type CrlIssuer, pemFile } from '../ca';
import { errorBody } from '../http/errors';
import { emptyResponse, fileResponse } from '../http/responses';
import { AnchorFileParams } from '../../../contract/wire/repository';
import { etagMatches, etagOf } from './cr';

export const ANCHOR_CONTENT_TYPE = 'application/x-pem-file';
/** A day, as the CR: never past the certificate's own end. */
const ANCHOR_MAX_AGE_S = 86_400;

/** What the anchor routes read: the CA's current certificates (read at request time) and the clock. */
export interface AnchorDeps {
  ca: {
    root: Pick<AuthorityIssuer, 'pem' | 'certificate'>;
    intermediate: Pick<AuthorityIssuer, 'pem' | 'certificate'>;
    crlSigners: Pick<CrlIssuer, 'certificate' | 'indirect'>[];
  };
  now: () => Date;
}

type AnchorName = 'root' | 'intermediate' | 'crlSigner';
const FILES: Record<string, AnchorName> = {
  'root.pem': 'root',
  'intermediate.pem': 'intermediate',
  'crl-signer.pem': 'crlSigner',
};

/** The dedicated CRL signer in use (the indirect one issued last), or null when the CA has none (a CA_DIR import). */
export function currentCrlSigner(signers: AnchorDeps['ca']['crlSigners']) {
  const indirect = signers.filter((s) => s.indirect);
  if (!indirect.length) return null;
  return indirect.reduce((a, b) => (b.certificate.notBefore > a.certificate.notBefore ? b : a));
}

/** The certificate published under a name, or null when there is none. */
function anchorOf(deps: AnchorDeps, name: AnchorName) {
  if (name !== 'crlSigner') return deps.ca[name];
  const signer = currentCrlSigner(deps.ca.crlSigners);
  return signer && { pem: signer.certificate.toString('pem'), certificate: signer.certificate };
}

/** The PEM file of one anchor and its ETag, computed once per certificate; null when nothing is published. */
function anchorFile(deps: AnchorDeps) {
  const memo = new Map<string, { pem: string; etag: string }>();
  return (name: AnchorName) => {
    const anchor = anchorOf(deps, name);
    if (!anchor) return null;
    const { pem: raw, certificate } = anchor;
    let hit = memo.get(raw);
    if (!hit) {
      const pem = pemFile(raw);
      hit = { pem, etag: etagOf(pem) };
      memo.set(raw, hit);
    }
    return { ...hit, notAfterMs: new Date(certificate.notAfter).getTime() };
  };
}

export function anchorRoutes(app: FastifyInstance, deps: AnchorDeps): void {
  const fileOf = anchorFile(deps);
  app.get<{ Params: { file: string } }>(
    '/ca/:file',
    {
      config: { public: true },
      schema: {
        params: AnchorFileParams,
        response: { 200: fileResponse(ANCHOR_CONTENT_TYPE), 304: emptyResponse },
      },
    },
    (request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      const name = Object.hasOwn(FILES, request.params.file) ? FILES[request.params.file] : undefined;
      const a = name ? fileOf(name) : null;
      if (!a)
        return reply
          .code(404)
          .header('Cache-Control', 'no-store')
          .send(errorBody(404, 'No CA certificate is published at this address'));
      const remaining = Math.floor((a.notAfterMs - deps.now().getTime()) / 1000);
      const maxAge = Math.max(0, Math.min(ANCHOR_MAX_AGE_S, remaining));
      reply.header('Cache-Control', `public, max-age=${maxAge}`).header('ETag', a.etag);
      if (etagMatches(request.headers['if-none-match'], a.etag)) return reply.code(304).send();
      return reply.type(ANCHOR_CONTENT_TYPE).send(a.pem);
    },
  );
}
