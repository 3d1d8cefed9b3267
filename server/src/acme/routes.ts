// The ACME server over HTTP (RFC 8555): the directory, nonces and accounts here, orders in orderRoutes.ts, the
// protocol's checks and answers in protocol.ts. The routes live in a scope of their own: the JOSE content type, the
// problem documents and the headers are theirs.
// Below them, the provider's ACME credentials over the portal API (docs/api.md): create (the HMAC key shown once), list,
// revoke.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACME_CREDENTIAL_STATUSES } from '../../../contract/acme';
import { customerAcmeCredentialSchema } from '../../../contract/delegates';
import { bodyOf, jsonBody } from '../http/body';
import { access, providerActor } from '../http/guard';
import { type ListSpec, parseListQuery } from '../http/list';
import { sendJsonPage } from '../http/jsonPage';
import { oneOf } from '../http/listFilters';
import { emptyResponse, messageResponse } from '../http/responses';
import { ListQuerystring } from '../../../contract/wire/list';
import { Type } from '../../../contract/wire/kit';
import {
  AcmeAccount,
  AcmeCredentialCreated,
  AcmeCredentialRow,
  AcmeDirectory,
  AcmeIdParams,
  EabKeyParams,
} from '../../../contract/wire/acme';
import { EAB_MESSAGES } from './eab';
import { accountObject, newAccount, updateAccount } from './accounts';
import { ACME_PATHS, type AcmeDeps, accountUrl, acmeUrl } from './deps';
import { createCustomerEabKey, createEabKey, listEabKeys, revokeEabKey } from './eab';
import { isObject } from './jws';
import { changeAccountKey } from './keyChange';
import { orderRoutes, revocationRoutes } from './orderRoutes';
import { AcmeProblem } from './problems';
import {
  BODY_LIMIT,
  JOSE_TYPE,
  acmeRequest,
  installAcmeHeaders,
  installAcmeNotFound,
  refusals,
  requireJose,
  sendProblem,
} from './protocol';
import type * as store from './store';

function sendAccount(deps: AcmeDeps, reply: FastifyReply, account: store.AccountRow, status: number) {
  return reply
    .status(status)
    .header('Location', accountUrl(deps, account.id))
    .send(accountObject(deps, account));
}
export async function acmeRoutes(app: FastifyInstance, deps: AcmeDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      JOSE_TYPE,
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_req, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new AcmeProblem('malformed', 'The request body is not JSON'), undefined);
        }
      },
    );
    scope.setErrorHandler(sendProblem);
    installAcmeHeaders(scope, deps);
    installAcmeNotFound(scope);
    const post = { config: { public: true }, bodyLimit: BODY_LIMIT, preValidation: requireJose } as const;

    scope.get(
      ACME_PATHS.directory,
      { config: { public: true }, schema: { response: { 200: AcmeDirectory, ...refusals } } },
      async () => ({
        newNonce: acmeUrl(deps, ACME_PATHS.newNonce),
        newAccount: acmeUrl(deps, ACME_PATHS.newAccount),
        newOrder: acmeUrl(deps, ACME_PATHS.newOrder),
        revokeCert: acmeUrl(deps, ACME_PATHS.revokeCert),
        keyChange: acmeUrl(deps, ACME_PATHS.keyChange),
        renewalInfo: acmeUrl(deps, ACME_PATHS.renewalInfo).replace(/\/$/, ''),
        meta: { externalAccountRequired: true, website: deps.config.publicUrl },
      }),
    );

    // §7.2: HEAD answers 200, GET 204, both with a nonce (the onSend hook) and no-store. HEAD first: Fastify would
    // otherwise make one from GET, with GET's status.
    scope.head(
      ACME_PATHS.newNonce,
      { config: { public: true }, schema: { response: { 200: emptyResponse, ...refusals } } },
      async (_request, reply) => reply.status(200).send(),
    );
    scope.get(
      ACME_PATHS.newNonce,
      { config: { public: true }, schema: { response: { 204: emptyResponse, ...refusals } } },
      async (_request, reply) => reply.status(204).send(),
    );

    scope.post(
      ACME_PATHS.newAccount,
      { ...post, schema: { response: { 200: AcmeAccount, 201: AcmeAccount, ...refusals } } },
      async (request, reply) => {
        const req = await acmeRequest(deps, request, 'jwk');
        const { created, account } = await newAccount(deps, {
          url: req.header.url,
          jwk: req.key,
          payload: req.payload,
        });
        return sendAccount(deps, reply, account, created ? 201 : 200);
      },
    );

    scope.post<{ Params: { id: string } }>(
      `${ACME_PATHS.account}:id`,
      { ...post, schema: { params: AcmeIdParams, response: { 200: AcmeAccount, ...refusals } } },
      async (request, reply) => {
        const req = await acmeRequest(deps, request, 'kid');
        if (!req.account || req.header.kid !== req.header.url)
          throw new AcmeProblem('unauthorized', 'A request to an account URL must be signed by that account');
        return sendAccount(deps, reply, await updateAccount(deps, req.account, req.payload), 200);
      },
    );

    scope.post(
      ACME_PATHS.keyChange,
      { ...post, schema: { response: { 200: AcmeAccount, ...refusals } } },
      async (request, reply) => {
        const req = await acmeRequest(deps, request, 'kid');
        if (!req.account) throw new AcmeProblem('accountDoesNotExist', 'No account has this kid');
        const account = await changeAccountKey(deps, req.account, req.header.url, req.payload);
        return sendAccount(deps, reply, account, 200);
      },
    );
    orderRoutes(scope, deps, post);
    revocationRoutes(scope, deps, post);
  });
}

const CREDENTIALS_LIST: ListSpec = {
  sortable: { created_on: 'created_on', status: 'status', bound_on: 'bound_on', revoked_on: 'revoked_on' },
  filters: {
    status: oneOf('status', ACME_CREDENTIAL_STATUSES),
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'id',
};

export async function acmeCredentialRoutes(app: FastifyInstance, deps: AcmeDeps): Promise<void> {
  app.post(
    '/api/service_provider/acme/eab',
    // Not idempotent on purpose: a replayed answer would be the HMAC key kept in clear with the request's key.
    // Without a body, the provider's own credential; with one, a credential for a delegate customer's numbers.
    {
      config: {
        ...access('acme-credentials', 'create'),
        ...jsonBody(customerAcmeCredentialSchema, { optional: true }),
      },
      schema: { response: { 201: AcmeCredentialCreated } },
    },
    async (request, reply) => {
      const actor = providerActor(request);
      const empty =
        request.body == null || (isObject(request.body) && Object.keys(request.body).length === 0);
      if (empty) return reply.status(201).send(await createEabKey(deps, actor));
      const input = await bodyOf(request, customerAcmeCredentialSchema);
      return reply.status(201).send(await createCustomerEabKey(deps, actor, input));
    },
  );

  app.get(
    '/api/service_provider/acme/eab',
    {
      config: access('acme-credentials', 'list'),
      schema: { querystring: ListQuerystring, response: { 200: Type.Array(AcmeCredentialRow) } },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, CREDENTIALS_LIST, { paramOffset: 1 });
      return sendJsonPage(
        reply,
        'acme-credentials',
        await listEabKeys(deps, providerActor(request), list),
        list,
      );
    },
  );

  app.delete<{ Params: { key_id: string } }>(
    '/api/service_provider/acme/eab/:key_id',
    {
      config: { ...access('acme-credentials', 'delete'), notFound: EAB_MESSAGES.notFound },
      schema: { params: EabKeyParams, response: { 200: messageResponse } },
    },
    async (request) => revokeEabKey(deps, providerActor(request), request.params.key_id),
  );
}
