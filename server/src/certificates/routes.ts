// The provider's keys and certificates over HTTP: parse, authorize, call the service, answer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { generateCertificateSchema, revokeCertificateSchema } from '../../../contract/certificates';
import { validate } from '../../../contract/schemas';
import { PRIVATE_KEY_FILENAME } from '../ca/keys';
import type { AppContext } from '../context';
import { HttpError, badRequest, tooManyAttemptsMessage } from '../http/errors';
import { currentUser } from '../http/guard';
import { type ListSpec, parseListQuery, sendList } from '../http/list';
import * as service from './service';

const provider = { roles: ['service-provider'] } as const;
const IMPORT_BODY_LIMIT = 16 * 1024;

const importSchema = yup
  .object({
    pem: yup.string().required('pem is a required field').max(IMPORT_BODY_LIMIT, 'pem is too large'),
  })
  .noUnknown(true, 'Unknown field: ${unknown}');

const renewSchema = generateCertificateSchema.pick(['sti_pa_username', 'sti_pa_password']);

function actorOf(request: FastifyRequest): service.Actor {
  const user = currentUser(request);
  if (!user.service_provider_uuid) throw new HttpError(403, 'You are not allowed to do this');
  return {
    accountId: user.sub,
    email: user.email,
    serviceProviderId: user.service_provider_uuid,
    ip: request.ip,
  };
}

function pageOf(query: unknown): { skip: number; take: number } {
  const q = (query ?? {}) as Record<string, unknown>;
  const num = (v: unknown, name: string, fallback: number) => {
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0)
      throw badRequest(`${name} must be a non-negative integer`, {
        [name]: `${name} must be a non-negative integer`,
      });
    return n;
  };
  return {
    skip: num(q.skip, 'skip', 0),
    take: Math.min(num(q.take, 'take', service.MAX_TAKE), service.MAX_TAKE),
  };
}

/** The key list: sorted in SQL, paged by `range` (the list protocol) or by SPEC.md's `skip`/`take`. */
const KEYS_LIST: ListSpec = {
  sortable: { created_on: 'created_on', priv_key_uuid: 'id' },
  filters: {},
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'id',
};

export async function certificateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Generate and renew pass the STI-PA username and password on to the STI-PA: per account, at most
  // STI_PA_RATE_LIMIT of them a minute between the two routes (one counter), so the portal is no relay for
  // guessing STI-PA passwords. Counted after the guard, by the signed-in account rather than the address.
  const stiPaAttempt = app.createRateLimit({
    max: ctx.config.stiPaRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (request) => `sti-pa-credentials ${currentUser(request).sub}`,
  });
  const limited = {
    config: provider,
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const attempt = await stiPaAttempt(request);
      if (attempt.isAllowed || !attempt.isExceeded) return;
      reply.header('Retry-After', String(attempt.ttlInSeconds));
      throw new HttpError(429, tooManyAttemptsMessage(attempt.ttl));
    },
  };
  await ctx.jobs.work<{ certificateId: string }>(service.CERTIFICATE_REVOKED_MAIL_JOB, ({ certificateId }) =>
    service.sendRevocationMail(ctx, certificateId),
  );

  app.get('/api/service_provider/sti_priv_key', { config: provider }, async (request, reply) => {
    const actor = actorOf(request);
    const q = (request.query ?? {}) as Record<string, unknown>;
    // SPEC.md's client pages with skip/take (or nothing) and reads {total, data}; react-admin sends `range`.
    const skipTake = q.skip !== undefined || q.take !== undefined || q.range === undefined;
    const list = parseListQuery(skipTake ? { sort: q.sort, filter: q.filter } : q, KEYS_LIST, {
      paramOffset: 1,
    });
    if (skipTake) {
      const { skip, take } = pageOf(q);
      list.offset = skip;
      list.limit = take;
    }
    const { rows, total } = await service.listKeys(ctx, actor, list);
    return skipTake ? { total, data: rows } : sendList(reply, 'private-keys', rows, total, list.range);
  });

  app.post('/api/service_provider/generate_sti_priv_key', { config: provider }, async (request, reply) => {
    const key = await service.generateKey(ctx, actorOf(request));
    return reply.status(201).send(key);
  });

  app.post(
    '/api/service_provider/sti_priv_key/import',
    { config: provider, bodyLimit: IMPORT_BODY_LIMIT },
    async (request, reply) => {
      const actor = actorOf(request);
      const input = await validate(importSchema, request.body);
      const key = await service.importKey(ctx, actor, input.pem);
      return reply.status(201).send(key);
    },
  );

  app.get<{ Params: { uuid: string }; Querystring: { format?: string } }>(
    '/api/service_provider/sti_priv_key/file/:uuid',
    { config: provider },
    async (request, reply) => {
      const actor = actorOf(request);
      const format = request.query.format ?? 'pkcs8';
      if (format !== 'pkcs8' && format !== 'sec1') {
        throw badRequest('format must be pkcs8 or sec1', { format: 'format must be pkcs8 or sec1' });
      }
      const pem = await service.downloadKey(ctx, actor, request.params.uuid, format);
      return reply
        .type('application/x-pem-file')
        .header('Content-Disposition', `attachment; filename="${PRIVATE_KEY_FILENAME}"`)
        .header('Cache-Control', 'no-store')
        .send(pem);
    },
  );

  app.delete<{ Params: { uuid: string } }>(
    '/api/service_provider/sti_priv_key/:uuid',
    { config: provider },
    async (request, reply) => {
      await service.deleteKey(ctx, actorOf(request), request.params.uuid);
      return reply.status(204).send();
    },
  );

  app.get<{ Params: { uuid: string } }>(
    '/api/service_provider/sti_spc_cert/last/:uuid',
    { config: provider },
    async (request) => service.certificatesOfKey(ctx, actorOf(request), request.params.uuid),
  );

  app.post('/api/service_provider/generate_sti_spc_cert', limited, async (request) => {
    const actor = actorOf(request);
    const input = await validate(generateCertificateSchema, request.body);
    return service.generateCertificate(ctx, actor, input);
  });

  app.post<{ Params: { serial: string } }>(
    '/api/service_provider/replace_sti_spc_cert/:serial',
    limited,
    async (request) => {
      const actor = actorOf(request);
      const input = await validate(renewSchema, request.body ?? {});
      return service.renewCertificate(ctx, actor, request.params.serial, input);
    },
  );

  app.post<{ Params: { serial: string } }>(
    '/api/service_provider/revoke_sti_spc_cert/:serial',
    { config: provider },
    async (request) => {
      const actor = actorOf(request);
      const input = await validate(revokeCertificateSchema, request.body ?? {});
      await service.revokeCertificate(ctx, actor, request.params.serial, input.reason ?? 'unspecified');
      return { message: 'Certificate revoked' };
    },
  );
}
