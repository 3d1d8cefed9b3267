// The public repository: GET /cr/<serial>.pem (the chain, from memory after the first read), GET /crl/<issuer>.crl
// (the newest DER CRL), POST /api/public/decrypt_cert (reads and describes a certificate at a URL).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { HttpError, errorBody } from '../http/errors';
import { CR_CONTENT_TYPE, type CrService, createCrService, etagMatches } from './cr';
import {
  CRL_REFRESH_CRON,
  CRL_REFRESH_JOB,
  CrlError,
  issueCrlFor,
  onCertificateRevoked,
  refreshCrls,
  servedCrl,
} from './crl';
import {
  BAD_URL_MESSAGE,
  type FetchOptions,
  describeCertificates,
  fetchHttps,
  parseCertificates,
  parseHttpsUrl,
} from './decrypt';
import { issuerExists } from './store';

export const CRL_CONTENT_TYPE = 'application/pkix-crl';
const ISSUER_RE = /^[a-z0-9-]{1,64}$/;

export interface RepositoryOptions {
  /** For tests: how decrypt_cert resolves and connects (never set in production). */
  fetch?: FetchOptions;
  crCacheSize?: number;
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

export function repositoryRoutesWith(opts: RepositoryOptions = {}) {
  return async function repositoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
    const cr: CrService = createCrService(ctx.db, opts.crCacheSize);
    // The certificates module re-signs the CRL through this after a revocation.
    ctx.crl = {
      async reissue(issuerId: string) {
        await onCertificateRevoked(ctx, issuerId);
      },
    };

    // ---- CR ----
    // helmet: false — the page-oriented security headers (CSP, COOP, ...) mean nothing on a PEM file and cost a
    // visible share of this hot route; the one that matters is set here.
    app.get<{ Params: { file: string } }>('/cr/:file', { helmet: false }, (request, reply) => {
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
      const cached = cr.peek(serial, ctx.now().getTime());
      if (cached !== undefined) return send(cached);
      return cr.lookup(serial, ctx.now().getTime()).then(send);
    });

    // ---- CRL ----
    app.get<{ Params: { file: string } }>('/crl/:file', async (request, reply) => {
      const file = request.params.file;
      const issuerId = file.endsWith('.crl') ? file.slice(0, -4) : '';
      if (!ISSUER_RE.test(issuerId)) return notFoundReply(reply);
      let crl = await servedCrl(ctx, issuerId);
      if (!crl || new Date(crl.row.next_update).getTime() <= ctx.now().getTime()) {
        // None yet (or the refresh failed long enough for it to lapse): issue one now when the signer is held.
        if (!crl && !(await issuerExists(ctx.db, issuerId))) return notFoundReply(reply);
        try {
          await issueCrlFor(ctx, issuerId);
          crl = await servedCrl(ctx, issuerId);
        } catch (err) {
          if (!(err instanceof CrlError)) throw err;
          ctx.log.error({ err, issuer: issuerId }, 'CRL could not be issued on request');
        }
        if (!crl) throw new HttpError(503, 'The CRL of this issuer is not available yet');
      }
      const { der, etag } = crl;
      reply.header('Cache-Control', 'public, max-age=3600').header('ETag', etag);
      reply.header('Last-Modified', crl.lastModified);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(CRL_CONTENT_TYPE).send(der);
    });

    // ---- decrypt_cert ----
    app.post<{ Body: { url?: unknown } }>(
      '/api/public/decrypt_cert',
      { config: { public: true, rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } } },
      async (request) => {
        const raw = request.body && typeof request.body === 'object' ? request.body.url : undefined;
        if (typeof raw !== 'string' || !raw.trim()) throw new HttpError(400, BAD_URL_MESSAGE);
        const serial = ownCrSerial(raw, ctx.config.publicUrl);
        let body: Buffer;
        if (serial !== null) {
          const a = await cr.lookup(serial, ctx.now().getTime());
          if (!a) throw new HttpError(400, 'No certificate is published at this URL');
          body = Buffer.from(a.pem);
        } else {
          body = await fetchHttps(parseHttpsUrl(raw), opts.fetch);
        }
        return describeCertificates(parseCertificates(body));
      },
    );

    // ---- the daily CRL refresh, and one at start when the newest CRL is older than a day ----
    await ctx.jobs.work(CRL_REFRESH_JOB, async () => {
      await refreshCrls(ctx);
    });
    await ctx.jobs.schedule(CRL_REFRESH_JOB, CRL_REFRESH_CRON);
    app.addHook('onReady', async () => {
      try {
        await refreshCrls(ctx, { onlyStale: true });
      } catch (err) {
        ctx.log.error({ err }, 'CRL refresh at start failed');
      }
    });
  };
}

export const repositoryRoutes = repositoryRoutesWith();
