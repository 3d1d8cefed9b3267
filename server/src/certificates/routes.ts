// The provider's keys and certificates over HTTP: parse, authorize, call the service, answer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import {
  autoRenewalSchema,
  generateCertificateSchema,
  renewCertificateSchema,
  revokeCertificateSchema,
} from '../../../contract/certificates';
import { bodyOf, jsonBody } from '../http/body';
import { PRIVATE_KEY_FILENAME } from '../ca';
import { HttpError, badRequest, tooManyAttemptsMessage } from '../http/errors';
import { access, currentUser, providerActor } from '../http/guard';
import { type ListSpec, parseListQuery } from '../http/list';
import { sendJsonPage } from '../http/jsonPage';
import { emptyResponse, fileResponse, messageResponse } from '../http/responses';
import { IdParams } from '../../../contract/wire/params';
import { Type } from '../../../contract/wire/kit';
import { SkipTakeQuerystring } from '../../../contract/wire/list';
import {
  CertificateRow,
  GenerateCertificateResult,
  KeyFileQuerystring,
  PrivateKeyList,
  PrivateKeyRow,
  SerialParams,
} from '../../../contract/wire/certificates';
import { generateCertificate, renewCertificate } from './issuance';
import { disableAutoRenewal, enableAutoRenewal } from './autoRenewal';
import { revokeCertificate } from './revocation';
import type { Config } from '../config';
import * as service from './service';

const IMPORT_BODY_LIMIT = 16 * 1024;
const PEM_FILE = 'application/x-pem-file';

const importSchema = yup
  .object({
    pem: yup.string().required('pem is a required field').max(IMPORT_BODY_LIMIT, 'pem is too large'),
  })
  .noUnknown(true, 'Unknown field: ${unknown}');

/** A key's id in the path. */
const KeyParams = IdParams('uuid');

/** The key list: sorted in SQL, paged by `range` (the list protocol) or by `skip`/`take` (docs/api.md). */
const KEYS_LIST: ListSpec = {
  sortable: { created_on: 'created_on', priv_key_uuid: 'id' },
  filters: {},
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'id',
};

function keyRoutes(app: FastifyInstance, deps: service.CertificateDeps): void {
  app.get(
    '/api/service_provider/sti_priv_key',
    {
      config: access('private-keys', 'list'),
      schema: { querystring: SkipTakeQuerystring, response: { 200: PrivateKeyList } },
    },
    async (request, reply) => {
      const actor = providerActor(request);
      const list = parseListQuery(request.query, KEYS_LIST, {
        paramOffset: 1,
        skipTake: { maxTake: service.MAX_TAKE },
      });
      return sendJsonPage(reply, 'private-keys', await service.listKeys(deps, actor, list), list);
    },
  );

  app.post(
    '/api/service_provider/generate_sti_priv_key',
    {
      config: { ...access('private-keys', 'create'), idempotent: true },
      schema: { response: { 201: PrivateKeyRow } },
    },
    async (request, reply) => {
      const key = await service.generateKey(deps, providerActor(request));
      return reply.status(201).send(key);
    },
  );

  app.post(
    '/api/service_provider/sti_priv_key/import',
    {
      config: { ...access('private-keys', 'create'), idempotent: true, ...jsonBody(importSchema) },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { response: { 201: PrivateKeyRow } },
    },
    async (request, reply) => {
      const actor = providerActor(request);
      const input = await bodyOf(request, importSchema);
      const key = await service.importKey(deps, actor, input.pem);
      return reply.status(201).send(key);
    },
  );

  app.get<{ Params: { uuid: string }; Querystring: { format?: string } }>(
    '/api/service_provider/sti_priv_key/file/:uuid',
    {
      config: { ...access('private-keys', 'download'), notFound: service.KEY_NOT_FOUND },
      schema: {
        params: KeyParams,
        querystring: KeyFileQuerystring,
        response: { 200: fileResponse(PEM_FILE) },
      },
    },
    async (request, reply) => {
      const actor = providerActor(request);
      const format = request.query.format ?? 'pkcs8';
      if (format !== 'pkcs8' && format !== 'sec1') {
        throw badRequest('format must be pkcs8 or sec1', { format: 'format must be pkcs8 or sec1' });
      }
      const pem = await service.downloadKey(deps, actor, request.params.uuid, format);
      return reply
        .type(PEM_FILE)
        .header('Content-Disposition', `attachment; filename="${PRIVATE_KEY_FILENAME}"`)
        .header('Cache-Control', 'no-store')
        .send(pem);
    },
  );

  app.delete<{ Params: { uuid: string } }>(
    '/api/service_provider/sti_priv_key/:uuid',
    {
      config: { ...access('private-keys', 'delete'), notFound: service.KEY_NOT_FOUND },
      schema: { params: KeyParams, response: { 204: emptyResponse } },
    },
    async (request, reply) => {
      await service.deleteKey(deps, providerActor(request), request.params.uuid);
      return reply.status(204).send();
    },
  );
}

/**
 * Generate and renew pass the STI-PA username and password on to the STI-PA: per account, at most
 * STI_PA_RATE_LIMIT of them a minute between the two routes (one counter), so the portal is no relay for
 * guessing STI-PA passwords. Counted after the guard, by the signed-in account rather than the address. The
 * STI-SCA request (delegates/routes.ts) keeps a counter of its own with the same limit.
 */
export function stiPaAttemptLimit(app: FastifyInstance, deps: { config: Pick<Config, 'stiPaRateLimit'> }) {
  const stiPaAttempt = app.createRateLimit({
    max: deps.config.stiPaRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (request) => `sti-pa-credentials ${currentUser(request).sub}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const attempt = await stiPaAttempt(request);
    if (attempt.isAllowed || !attempt.isExceeded) return;
    reply.header('Retry-After', String(attempt.ttlInSeconds));
    throw new HttpError(429, tooManyAttemptsMessage(attempt.ttl));
  };
}

function certificateActions(app: FastifyInstance, deps: service.CertificateDeps): void {
  const limited = stiPaAttemptLimit(app, deps);
  app.get<{ Params: { uuid: string } }>(
    '/api/service_provider/sti_spc_cert/last/:uuid',
    {
      config: { ...access('certificates', 'list'), notFound: service.KEY_NOT_FOUND },
      schema: { params: KeyParams, response: { 200: Type.Array(CertificateRow) } },
    },
    async (request) => service.certificatesOfKey(deps, providerActor(request), request.params.uuid),
  );

  app.post(
    '/api/service_provider/generate_sti_spc_cert',
    {
      config: {
        ...access('certificates', 'create'),
        idempotent: true,
        ...jsonBody(generateCertificateSchema),
      },
      preHandler: limited,
      schema: { response: { 200: GenerateCertificateResult } },
    },
    async (request) => {
      const actor = providerActor(request);
      const input = await bodyOf(request, generateCertificateSchema);
      return generateCertificate(deps, actor, input);
    },
  );

  app.post<{ Params: { serial: string } }>(
    '/api/service_provider/replace_sti_spc_cert/:serial',
    {
      config: {
        ...access('certificates', 'renew'),
        idempotent: true,
        notFound: service.CERTIFICATE_NOT_FOUND,
        ...jsonBody(renewCertificateSchema, { optional: true }),
      },
      preHandler: limited,
      schema: { params: SerialParams, response: { 200: GenerateCertificateResult } },
    },
    async (request) => {
      const actor = providerActor(request);
      const input = await bodyOf(request, renewCertificateSchema);
      return renewCertificate(deps, actor, request.params.serial, input);
    },
  );

  app.post<{ Params: { serial: string } }>(
    '/api/service_provider/revoke_sti_spc_cert/:serial',
    {
      config: {
        ...access('certificates', 'revoke'),
        notFound: service.CERTIFICATE_NOT_FOUND,
        ...jsonBody(revokeCertificateSchema, { optional: true }),
      },
      schema: { params: SerialParams, response: { 200: messageResponse } },
    },
    async (request) => {
      const actor = providerActor(request);
      const input = await bodyOf(request, revokeCertificateSchema);
      await revokeCertificate(deps, actor, request.params.serial, input.reason ?? 'unspecified');
      return { message: 'Certificate revoked' };
    },
  );
}

/** Automatic renewal of a certificate: on with the STI-PA credentials (kept sealed), off. */
function autoRenewalRoutes(app: FastifyInstance, deps: service.CertificateDeps): void {
  app.put<{ Params: { serial: string } }>(
    '/api/service_provider/sti_spc_cert/:serial/auto_renewal',
    {
      config: {
        ...access('certificates', 'renew'),
        notFound: service.CERTIFICATE_NOT_FOUND,
        ...jsonBody(autoRenewalSchema, { optional: true }),
      },
      schema: { params: SerialParams, response: { 200: messageResponse } },
    },
    async (request) => {
      const input = await bodyOf(request, autoRenewalSchema);
      return enableAutoRenewal(deps, providerActor(request), request.params.serial, input);
    },
  );
  app.delete<{ Params: { serial: string } }>(
    '/api/service_provider/sti_spc_cert/:serial/auto_renewal',
    {
      config: { ...access('certificates', 'renew'), notFound: service.CERTIFICATE_NOT_FOUND },
      schema: { params: SerialParams, response: { 200: messageResponse } },
    },
    async (request) => disableAutoRenewal(deps, providerActor(request), request.params.serial),
  );
}

export async function certificateRoutes(app: FastifyInstance, deps: service.CertificateDeps): Promise<void> {
  keyRoutes(app, deps);
  certificateActions(app, deps);
  autoRenewalRoutes(app, deps);
}
