// The provider's STI-SCA over HTTP (docs/api.md, docs/delegates.md): parse, authorize, call the service, answer.
// No route answers its key: the portal holds it.
import type { FastifyInstance } from 'fastify';
import {
  STI_SCA_MESSAGES,
  renewStiScaSchema,
  requestStiScaSchema,
  revokeStiScaSchema,
} from '../../../contract/delegates';
import { Type } from '../../../contract/wire/kit';
import { ById } from '../../../contract/wire/params';
import { RequestStiScaResult, StiScaDetail, StiScaRow } from '../../../contract/wire/delegates';
import { stiPaAttemptLimit } from '../certificates/routes';
import { bodyOf, jsonBody } from '../http/body';
import { access, providerActor } from '../http/guard';
import { messageResponse } from '../http/responses';
import { revokeStiSca } from './revocation';
import { type StiScaDeps, listStiScas, renewStiSca, requestStiSca, showStiSca } from './stiSca';

export async function stiScaRoutes(app: FastifyInstance, deps: StiScaDeps): Promise<void> {
  // It passes STI-PA credentials on, as a certificate's generation does: at most STI_PA_RATE_LIMIT a minute.
  const limited = stiPaAttemptLimit(app, deps);
  app.post(
    '/api/service_provider/sti_sca',
    {
      config: { ...access('sti-scas', 'create'), idempotent: true, ...jsonBody(requestStiScaSchema) },
      preHandler: limited,
      schema: { response: { 200: RequestStiScaResult } },
    },
    async (request) => {
      const input = await bodyOf(request, requestStiScaSchema);
      return requestStiSca(deps, providerActor(request), input);
    },
  );

  app.get(
    '/api/service_provider/sti_sca',
    {
      config: access('sti-scas', 'list'),
      schema: { response: { 200: Type.Array(StiScaRow) } },
    },
    async (request) => listStiScas(deps, providerActor(request)),
  );

  app.get<{ Params: ById }>(
    '/api/service_provider/sti_sca/:id',
    {
      config: { ...access('sti-scas', 'show'), notFound: STI_SCA_MESSAGES.notFound },
      schema: { params: ById, response: { 200: StiScaDetail } },
    },
    async (request) => showStiSca(deps, providerActor(request), request.params.id),
  );

  app.post<{ Params: ById }>(
    '/api/service_provider/sti_sca/:id/renew',
    {
      config: {
        ...access('sti-scas', 'renew'),
        idempotent: true,
        notFound: STI_SCA_MESSAGES.notFound,
        ...jsonBody(renewStiScaSchema),
      },
      preHandler: limited,
      schema: { params: ById, response: { 200: RequestStiScaResult } },
    },
    async (request) => {
      const input = await bodyOf(request, renewStiScaSchema);
      return renewStiSca(deps, providerActor(request), request.params.id, input);
    },
  );

  app.post<{ Params: ById }>(
    '/api/service_provider/sti_sca/:id/revoke',
    {
      config: {
        ...access('sti-scas', 'revoke'),
        notFound: STI_SCA_MESSAGES.notFound,
        ...jsonBody(revokeStiScaSchema, { optional: true }),
      },
      schema: { params: ById, response: { 200: messageResponse } },
    },
    async (request) => {
      const input = await bodyOf(request, revokeStiScaSchema);
      await revokeStiSca(deps, providerActor(request), request.params.id, input.reason ?? 'unspecified');
      return { message: STI_SCA_MESSAGES.revoked };
    },
  );
}
