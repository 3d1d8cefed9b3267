// The ACME routes of orders (RFC 8555 §7.4, RFC 9448): newOrder, an order and an account's list of them, the
// authorization, its tkauth-01 challenge, finalize, and the certificate chain.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { emptyResponse, fileResponse } from '../http/responses';
import {
  AcmeAuthorityToken,
  AcmeAuthorization,
  AcmeCertIdParams,
  AcmeChallenge,
  AcmeIdParams,
  AcmeOrder,
  AcmeOrderList,
  AcmeRenewalInfo,
  AcmeSerialParams,
} from '../../../contract/wire/acme';
import { ACME_PATHS, type AcmeDeps, accountUrl, acmeUrl } from './deps';
import {
  authorizationObject,
  chainBySerial,
  crUrl,
  finalizeOrder,
  newOrder,
  orderObject,
  orderUrl,
  ownChain,
  ownOrder,
  updateAuthorization,
} from './orders';
import {
  PEM_CHAIN_TYPE,
  type PostOptions,
  accountRequest,
  acmeRequest,
  postAsGet,
  refusals,
  uuidParam,
} from './protocol';
import { answerChallenge } from './challenge';
import { issueAuthorityToken } from './delegateOrders';
import { AcmeProblem } from './problems';
import { renewalInfo, revokeByAcme } from './revocation';
import * as store from './orderStore';

/** The most order URLs an account's order list answers (RFC 8555 §7.1.2.1 allows paging; clients rarely read it). */
const MAX_LISTED_ORDERS = 100;
function sendOrder(deps: AcmeDeps, reply: FastifyReply, order: store.OrderRow, status = 200) {
  reply.status(status).header('Location', orderUrl(deps, order.id));
  if (order.status === 'valid' && order.serial_number)
    reply.header('X-Shaken-Certificate-Location', crUrl(deps, order.serial_number));
  // a client polls an order being finalized; RFC 8555 §7.4 suggests telling it when
  if (order.status === 'processing') reply.header('Retry-After', '1');
  return reply.send(orderObject(deps, order));
}

/** newOrder, the order and its list, the authorization, the challenge, finalize and the certificate. */
export function orderRoutes(scope: FastifyInstance, deps: AcmeDeps, post: PostOptions) {
  scope.post(
    ACME_PATHS.newOrder,
    { ...post, schema: { response: { 201: AcmeOrder, ...refusals } } },
    async (request, reply) => {
      const req = await accountRequest(deps, request, async (a) => {
        const [provider, binding] = await Promise.all([
          deps.store.providerStanding(a.service_provider_id),
          deps.store.customerBinding(a.eab_key_id),
        ]);
        return { provider, binding };
      });
      return sendOrder(deps, reply, await newOrder(deps, req.account, req.read, req.payload), 201);
    },
  );

  scope.post<{ Params: { id: string } }>(
    `${ACME_PATHS.account}:id/orders`,
    { ...post, schema: { params: AcmeIdParams, response: { 200: AcmeOrderList, ...refusals } } },
    async (request) => {
      const req = postAsGet(await accountRequest(deps, request));
      if (req.header.kid !== accountUrl(deps, request.params.id))
        throw new AcmeProblem('unauthorized', "An account's orders are listed to that account only");
      const ids = await deps.store.openOrderIds(req.account.id, deps.now(), MAX_LISTED_ORDERS);
      return { orders: ids.map((id) => orderUrl(deps, id)) };
    },
  );

  scope.post<{ Params: { id: string } }>(
    `${ACME_PATHS.order}:id`,
    { ...post, schema: { params: AcmeIdParams, response: { 200: AcmeOrder, ...refusals } } },
    async (request, reply) => {
      const req = postAsGet(
        await accountRequest(deps, request, async () => deps.store.orderById(uuidParam(request.params.id))),
      );
      return sendOrder(deps, reply, ownOrder(req.account, req.read));
    },
  );

  scope.post<{ Params: { id: string } }>(
    `${ACME_PATHS.order}:id/finalize`,
    { ...post, schema: { params: AcmeIdParams, response: { 200: AcmeOrder, ...refusals } } },
    async (request, reply) => {
      const req = await accountRequest(deps, request, async (a) => {
        const [order, provider, binding] = await Promise.all([
          deps.store.orderById(uuidParam(request.params.id)),
          deps.store.providerStanding(a.service_provider_id),
          deps.store.customerBinding(a.eab_key_id),
        ]);
        return { order, provider, binding };
      });
      const order = await finalizeOrder(deps, req.account, req.read, req.payload, request.ip);
      return sendOrder(deps, reply, order);
    },
  );

  authorizationRoutes(scope, deps, post);
  tokenAuthorityRoutes(scope, deps, post);
}

/** The token authority of delegate customers (delegateOrders.ts): a token for an account, and its certificate. */
function tokenAuthorityRoutes(scope: FastifyInstance, deps: AcmeDeps, post: PostOptions) {
  scope.post(
    ACME_PATHS.tokenAuthority,
    { ...post, schema: { response: { 200: AcmeAuthorityToken, ...refusals } } },
    async (request) => {
      const req = await accountRequest(deps, request, (a) => deps.store.customerBinding(a.eab_key_id));
      return issueAuthorityToken(deps, req.account, req.read, req.payload);
    },
  );

  scope.get(
    ACME_PATHS.tokenAuthorityCertificate,
    { config: { public: true }, schema: { response: { 200: fileResponse(PEM_CHAIN_TYPE), ...refusals } } },
    async (_request, reply) =>
      reply
        .type(PEM_CHAIN_TYPE)
        .header('Cache-Control', 'public, max-age=3600')
        .send(await deps.tokenAuthority.certificatePem()),
  );
}

/** The authorization, its challenge, and the certificate. */
function authorizationRoutes(scope: FastifyInstance, deps: AcmeDeps, post: PostOptions) {
  scope.post<{ Params: { id: string } }>(
    `${ACME_PATHS.authorization}:id`,
    { ...post, schema: { params: AcmeIdParams, response: { 200: AcmeAuthorization, ...refusals } } },
    async (request) => {
      const req = await accountRequest(deps, request, async () =>
        deps.store.authorization('id', uuidParam(request.params.id)),
      );
      const z = await updateAuthorization(deps, req.account, req.read, req.payload);
      return authorizationObject(deps, z);
    },
  );

  scope.post<{ Params: { id: string } }>(
    `${ACME_PATHS.challenge}:id`,
    { ...post, schema: { params: AcmeIdParams, response: { 200: AcmeChallenge, ...refusals } } },
    async (request, reply) => {
      const req = await accountRequest(deps, request, async () =>
        deps.store.authorization('challenge_id', uuidParam(request.params.id)),
      );
      const z = await answerChallenge(deps, req.account, req.read, req.payload);
      reply.header('Link', `<${acmeUrl(deps, ACME_PATHS.authorization + z.id)}>;rel="up"`);
      return authorizationObject(deps, z).challenges[0];
    },
  );

  scope.post<{ Params: { serial: string } }>(
    `${ACME_PATHS.certificate}:serial`,
    {
      ...post,
      schema: { params: AcmeSerialParams, response: { 200: fileResponse(PEM_CHAIN_TYPE), ...refusals } },
    },
    async (request, reply) => {
      const serial = request.params.serial.toLowerCase();
      const req = postAsGet(await accountRequest(deps, request, () => chainBySerial(deps, serial)));
      const chain = ownChain(req.account, req.read);
      reply.header('X-Shaken-Certificate-Location', crUrl(deps, serial));
      return reply.type(PEM_CHAIN_TYPE).send(chain);
    },
  );
}

/** revokeCert (by an account or by the certificate's key) and ARI's renewalInfo (RFC 9773, an unsigned GET). */
export function revocationRoutes(scope: FastifyInstance, deps: AcmeDeps, post: PostOptions) {
  scope.post(
    ACME_PATHS.revokeCert,
    { ...post, schema: { response: { 200: emptyResponse, ...refusals } } },
    async (request, reply) => {
      const req = await acmeRequest(deps, request, 'either');
      await revokeByAcme(deps, {
        account: req.account,
        jwk: req.header.jwk ?? null,
        payload: req.payload,
        ip: request.ip,
      });
      return reply.status(200).send();
    },
  );

  scope.get<{ Params: { certId: string } }>(
    `${ACME_PATHS.renewalInfo}:certId`,
    {
      config: { public: true },
      schema: { params: AcmeCertIdParams, response: { 200: AcmeRenewalInfo, ...refusals } },
    },
    async (request, reply) => {
      // clients ask again after this long (RFC 9773 §4.3)
      reply.header('Retry-After', String(6 * 3600));
      return renewalInfo(deps, request.params.certId);
    },
  );
}
