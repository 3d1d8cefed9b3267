// The public repository over HTTP: GET /cr/<serial>.pem (the chain, from memory after the first read),
// GET /crl/<issuer>.crl (the newest DER CRL, from the CRL publisher), GET /ca/root.pem, /ca/intermediate.pem and
// /ca/crl-signer.pem (the CA certificates, anchors.ts), POST /api/public/decrypt_cert (reads and
// describes a certificate at a URL). The daily CRL refresh is in jobs.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CrlPublisher, CrlUnavailableError } from '../authority';
import type { Config } from '../config';
import type { Queryable } from '../db';
import * as yup from 'yup';
import { bodyOf, jsonBody } from '../http/body';
import { HttpError, errorBody } from '../http/errors';
import { type AnchorDeps, anchorRoutes } from './anchors';
import { emptyResponse, fileResponse } from '../http/responses';
import { CrFileParams, CrlFileParams, DecryptedChain } from '../../../contract/wire/repository';
import { CR_CONTENT_TYPE, type CrService, createCrService, etagMatches } from './cr';
import { BAD_URL_MESSAGE, fetchHttps, parseHttpsUrl } from './decrypt';
import { describeCertificates, parseCertificates } from './describe';

export const CRL_CONTENT_TYPE = 'application/pkix-crl';
const ISSUER_RE = /^[a-z0-9-]{1,64}$/;

/** What the repository routes use. */
export interface RepositoryDeps {
  db: Queryable;
  now: () => Date;
  log: { error(obj: object, msg?: string): void };
  config: Pick<Config, 'publicUrl' | 'authRateLimit'>;
  crl: CrlPublisher;
  /** The CA whose root, intermediate and CRL signer /ca/ publishes. */
  ca: AnchorDeps['ca'];
}

/** A 404 in the app's error shape: never a chain, never cached long. */
function notFoundReply(reply: FastifyReply) {
  return reply
    .code(404)
    .header('Cache-Control', 'no-store')
    .send(errorBody(404, 'No certificate or CRL is published at this address'));
}

/** The serial of one of this portal's own CR URLs, or null when `raw` is not one. */
export function ownCrSerial(raw: string, publicUrl: string): string | null {
  let url: URL;
  let base: URL;
  try {
    url = new URL(raw.trim());
    base = new URL(publicUrl);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.username || url.password) return null;
  const prefix = `${base.pathname.replace(/\/+$/, '')}/cr/`;
  if (!url.pathname.startsWith(prefix)) return null;
  const file = url.pathname.slice(prefix.length);
  return file.endsWith('.pem') ? file.slice(0, -4) : '';
}

/** GET /cr/<serial>.pem: the hot route of the portal, answered from memory whenever it can be. */
function crRoute(app: FastifyInstance, deps: RepositoryDeps, cr: CrService): void {
  // securityHeaders: false — the page-oriented security headers (CSP, COOP, ...) mean nothing on a PEM file and
  // cost a visible share of this hot route; the one that matters is set here.
  app.get<{ Params: { file: string } }>(
    '/cr/:file',
    {
      config: { securityHeaders: false },
      schema: { params: CrFileParams, response: { 200: fileResponse(CR_CONTENT_TYPE), 304: emptyResponse } },
    },
    (request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      const file = request.params.file;
      if (!file.endsWith('.pem')) return notFoundReply(reply);
      const serial = file.slice(0, -4);
      const send = (a: Awaited<ReturnType<CrService['lookup']>>) => {
        if (!a) return notFoundReply(reply);
        reply.header('Cache-Control', `public, max-age=${a.maxAge}`).header('ETag', a.etag);
        if (etagMatches(request.headers['if-none-match'], a.etag)) return reply.code(304).send();
        return reply.type(CR_CONTENT_TYPE).send(a.pem);
      };
      const cached = cr.peek(serial, deps.now().getTime());
      if (cached !== undefined) return send(cached);
      return cr.lookup(serial, deps.now().getTime()).then(send);
    },
  );
}

function crlRoute(app: FastifyInstance, deps: RepositoryDeps): void {
  app.get<{ Params: { file: string } }>(
    '/crl/:file',
    {
      schema: {
        params: CrlFileParams,
        response: { 200: fileResponse(CRL_CONTENT_TYPE), 304: emptyResponse },
      },
    },
    async (request, reply) => {
      const file = request.params.file;
      const issuerId = file.endsWith('.crl') ? file.slice(0, -4) : '';
      if (!ISSUER_RE.test(issuerId)) return notFoundReply(reply);
      return sendCrl(request, reply, deps.crl, issuerId, notFoundReply);
    },
  );
}

/**
 * Answers the newest CRL of `issuerId` from `publisher`: DER, cacheable for an hour, with ETag and Last-Modified
 * (304 on a matching If-None-Match); 503 when it has lapsed and none can be signed; `notFound` when there is none.
 */
export async function sendCrl(
  request: FastifyRequest,
  reply: FastifyReply,
  publisher: Pick<CrlPublisher, 'current'>,
  issuerId: string,
  notFound: (reply: FastifyReply) => FastifyReply,
) {
  let crl;
  try {
    crl = await publisher.current(issuerId);
  } catch (err) {
    if (err instanceof CrlUnavailableError) throw new HttpError(503, err.message);
    throw err;
  }
  if (!crl) return notFound(reply);
  reply.header('Cache-Control', 'public, max-age=3600').header('ETag', crl.etag);
  reply.header('Last-Modified', crl.lastModified);
  if (etagMatches(request.headers['if-none-match'], crl.etag)) return reply.code(304).send();
  return reply.type(CRL_CONTENT_TYPE).send(crl.der);
}

/** The body of decrypt_cert: which URLs it reads is decrypt.ts's rule, worded by its own refusal. */
const decryptRequestSchema = yup.object({
  url: yup.string().meta({ description: 'an https URL of a certificate chain, or one of this repository' }),
});

function decryptRoute(app: FastifyInstance, deps: RepositoryDeps, cr: CrService) {
  app.post(
    '/api/public/decrypt_cert',
    {
      config: {
        public: true,
        rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' },
        ...jsonBody(decryptRequestSchema),
      },
      schema: { response: { 200: DecryptedChain } },
    },
    async (request) => {
      const raw = (await bodyOf(request, decryptRequestSchema))?.url;
      if (typeof raw !== 'string' || !raw.trim()) throw new HttpError(400, BAD_URL_MESSAGE);
      const serial = ownCrSerial(raw, deps.config.publicUrl);
      let body: Buffer;
      if (serial !== null) {
        const a = await cr.lookup(serial, deps.now().getTime());
        if (!a) throw new HttpError(400, 'No certificate is published at this URL');
        body = Buffer.from(a.pem);
      } else {
        body = await fetchHttps(parseHttpsUrl(raw));
      }
      return describeCertificates(parseCertificates(body));
    },
  );
}

export async function repositoryRoutes(app: FastifyInstance, deps: RepositoryDeps): Promise<void> {
  const cr = createCrService(deps.db);
  crRoute(app, deps, cr);
  crlRoute(app, deps);
  anchorRoutes(app, deps);
  decryptRoute(app, deps, cr);
}
