// The trust anchors over HTTP: GET /ca/root.pem and GET /ca/intermediate.pem answer the CA's current root and
// intermediate certificates (one PEM certificate each), public and cacheable like the CR: what a verifier or a
// provider configures as its trust anchor, and the intermediate a chain needs.
import type { FastifyInstance } from 'fastify';
import { type AuthorityIssuer, pemFile } from '../ca';
import { errorBody } from '../http/errors';
import { emptyResponse, fileResponse } from '../http/responses';
import { etagMatches, etagOf } from './cr';

export const ANCHOR_CONTENT_TYPE = 'application/x-pem-file';
/** A day, as the CR: never past the certificate's own end. */
const ANCHOR_MAX_AGE_S = 86_400;

/** What the anchor routes read: the CA's current certificates (read at request time) and the clock. */
export interface AnchorDeps {
  ca: {
    root: Pick<AuthorityIssuer, 'pem' | 'certificate'>;
    intermediate: Pick<AuthorityIssuer, 'pem' | 'certificate'>;
  };
  now: () => Date;
}

type AnchorName = 'root' | 'intermediate';
const FILES: Record<string, AnchorName> = { 'root.pem': 'root', 'intermediate.pem': 'intermediate' };

/** The PEM file of one anchor and its ETag, computed once per certificate. */
function anchorFile(deps: AnchorDeps) {
  const memo = new Map<string, { pem: string; etag: string }>();
  return (name: AnchorName) => {
    const { pem: raw, certificate } = deps.ca[name];
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
      schema: { response: { 200: fileResponse(ANCHOR_CONTENT_TYPE), 304: emptyResponse } },
    },
    (request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      const name = Object.hasOwn(FILES, request.params.file) ? FILES[request.params.file] : undefined;
      if (!name)
        return reply
          .code(404)
          .header('Cache-Control', 'no-store')
          .send(errorBody(404, 'No CA certificate is published at this address'));
      const a = fileOf(name);
      const remaining = Math.floor((a.notAfterMs - deps.now().getTime()) / 1000);
      const maxAge = Math.max(0, Math.min(ANCHOR_MAX_AGE_S, remaining));
      reply.header('Cache-Control', `public, max-age=${maxAge}`).header('ETag', a.etag);
      if (etagMatches(request.headers['if-none-match'], a.etag)) return reply.code(304).send();
      return reply.type(ANCHOR_CONTENT_TYPE).send(a.pem);
    },
  );
}
