// The provider's STI-SCA and its delegate certificates over HTTP (docs/api.md, docs/delegates.md): parse,
// authorize, call the service, answer. No route answers the STI-SCA's key: the portal holds it. A delegate
// certificate's key made here is answered once, in the creation's or renewal's answer.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DELEGATE_MESSAGES,
  STI_SCA_MESSAGES,
  createDelegateSchema,
  renewDelegateSchema,
  renewStiScaSchema,
  requestStiScaSchema,
  revokeDelegateSchema,
  revokeStiScaSchema,
} from '../../../contract/delegates';
import { Type } from '../../../contract/wire/kit';
import { ById } from '../../../contract/wire/params';
import {
  DelegateDetail,
  DelegateIssued,
  DelegateRow,
  RequestStiScaResult,
  StiScaDetail,
  StiScaRow,
} from '../../../contract/wire/delegates';
import { stiPaAttemptLimit } from '../certificates/routes';
import { bodyOf, jsonBody } from '../http/body';
import { access, providerActor } from '../http/guard';
import { keepAnswerAs } from '../http/idempotency';
import type { ListFilter, ListSpec } from '../http/list';
import { contains, oneOf } from '../http/listFilters';
import { listRoute } from '../http/listRoute';
import { messageResponse } from '../http/responses';
import { STATE_SQL } from './delegateStore';
import {
  type DelegateDeps,
  createDelegate,
  listDelegates,
  renewDelegate,
  revokeDelegate,
  showDelegate,
} from './delegates';
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

/** A certificate's states, as the certificate lists name them (contract/certificates.ts), and `issued`. */
const STATES = ['current', 'replaced', 'expired', 'revoked', 'issued'] as const;

const stateFilter: ListFilter = {
  sql: (p, v) => `${p}::text IS NOT NULL AND ${STATE_SQL[v as string]}`,
  value: oneOf('status', STATES).value,
};

const DELEGATES_LIST: ListSpec = {
  sortable: {
    created_on: 'c.created_on',
    customer_name: 'lower(cu.name)',
    not_after: 'c.not_after',
    number_count: 'd.number_count',
  },
  filters: { q: contains('cu.name', 'c.serial_number'), status: stateFilter },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'c.id',
};

/**
 * A key made for the customer is answered once and kept nowhere: the answer an Idempotency-Key keeps for a repeat
 * has `private_key_pem` null (the repeat gets the certificate, not a second copy of the key).
 */
function withoutKeyKept(request: FastifyRequest, issued: { private_key_pem: string | null }): void {
  if (issued.private_key_pem === null) return;
  keepAnswerAs(request, (body) => {
    const answer = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    return Buffer.from(JSON.stringify({ ...answer, private_key_pem: null }));
  });
}

/** The request's Idempotency-Key with its scope (account and route), which the issuance records. */
const requestKeyOf = (request: FastifyRequest) =>
  request.idempotency ? `${request.idempotency.scope} ${request.idempotency.key}` : null;

export async function delegateRoutes(app: FastifyInstance, deps: DelegateDeps): Promise<void> {
  app.post(
    '/api/service_provider/delegates',
    {
      config: { ...access('delegates', 'create'), idempotent: true, ...jsonBody(createDelegateSchema) },
      schema: { response: { 201: DelegateIssued } },
    },
    async (request, reply) => {
      const input = await bodyOf(request, createDelegateSchema);
      const issued = await createDelegate(deps, providerActor(request), input, requestKeyOf(request));
      withoutKeyKept(request, issued);
      return reply.status(201).send(issued);
    },
  );

  listRoute(app, {
    path: '/api/service_provider/delegates',
    access: access('delegates', 'list'),
    spec: DELEGATES_LIST,
    paramOffset: 2,
    resource: 'delegates',
    response: Type.Array(DelegateRow),
    description:
      'Delegate certificates, list protocol. Filters: q (customer name or serial contains), status ' +
      '(current, replaced, expired, revoked, issued).',
    rows: (request, list) => listDelegates(deps, providerActor(request), list),
  });

  app.get<{ Params: ById }>(
    '/api/service_provider/delegates/:id',
    {
      config: { ...access('delegates', 'show'), notFound: DELEGATE_MESSAGES.notFound },
      schema: { params: ById, response: { 200: DelegateDetail } },
    },
    async (request) => showDelegate(deps, providerActor(request), request.params.id),
  );

  app.post<{ Params: ById }>(
    '/api/service_provider/delegates/:id/renew',
    {
      config: {
        ...access('delegates', 'renew'),
        idempotent: true,
        notFound: DELEGATE_MESSAGES.notFound,
        ...jsonBody(renewDelegateSchema, { optional: true }),
      },
      schema: { params: ById, response: { 201: DelegateIssued } },
    },
    async (request, reply) => {
      const input = await bodyOf(request, renewDelegateSchema);
      const issued = await renewDelegate(
        deps,
        providerActor(request),
        request.params.id,
        input,
        requestKeyOf(request),
      );
      withoutKeyKept(request, issued);
      return reply.status(201).send(issued);
    },
  );

  app.post<{ Params: ById }>(
    '/api/service_provider/delegates/:id/revoke',
    {
      config: {
        ...access('delegates', 'revoke'),
        notFound: DELEGATE_MESSAGES.notFound,
        ...jsonBody(revokeDelegateSchema, { optional: true }),
      },
      schema: { params: ById, response: { 200: messageResponse } },
    },
    async (request) => {
      const input = await bodyOf(request, revokeDelegateSchema);
      await revokeDelegate(deps, providerActor(request), request.params.id, input.reason ?? 'unspecified');
      return { message: DELEGATE_MESSAGES.revoked };
    },
  );
}
