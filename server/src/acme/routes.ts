// The ACME server over HTTP (RFC 8555): the directory, nonces, and every POST checked as §6.2 asks (jws.ts), its
// nonce spent (nonces.ts), answered with a fresh Replay-Nonce and, when refused, a problem document (§6.7). The
// routes live in a scope of their own: the JOSE content type, the problem documents and the headers are theirs.
// Below them, the provider's ACME credentials over the portal API (API.md): create (the HMAC key shown once), list,
// revoke.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import { ACME_CREDENTIAL_STATUSES } from '../../../contract/acme';
import { actorOf } from '../certificates/routes';
import { badRequest } from '../http/errors';
import { access } from '../http/guard';
import { type ListSpec, parseListQuery, sendList } from '../http/list';
import { emptyResponse, messageResponse, nullableStr, str } from '../http/responses';
import { accountObject, newAccount, updateAccount } from './accounts';
import { ACME_PATHS, type AcmeDeps, accountUrl, acmeUrl } from './deps';
import { type VerifiedAcmeRequest, verifyAcmeRequest } from './jws';
import { createEabKey, listEabKeys, revokeEabKey } from './eab';
import { newNonce, spendNonce } from './nonces';
import { AcmeProblem } from './problems';
import * as store from './store';

export const JOSE_TYPE = 'application/jose+json';
export const PROBLEM_TYPE = 'application/problem+json';
/** An ACME request is a small JWS; a CSR or a token fits many times over. */
const BODY_LIMIT = 64 * 1024;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const problemResponse = {
  type: 'object',
  properties: {
    type: str,
    detail: str,
    status: { type: 'integer' },
    algorithms: { type: 'array', items: str },
  },
} as const;
const accountResponse = {
  type: 'object',
  properties: {
    status: str,
    contact: { type: 'array', items: str },
    orders: str,
    createdAt: str,
  },
} as const;
const directoryResponse = {
  type: 'object',
  properties: {
    newNonce: str,
    newAccount: str,
    meta: {
      type: 'object',
      properties: { externalAccountRequired: { type: 'boolean' }, website: str },
    },
  },
} as const;
const refusals = { '4xx': problemResponse, '5xx': problemResponse };

/** The problem document of any error of this scope: ours as they are, Fastify's as malformed, the rest logged. */
function problemOf(err: FastifyError | Error, request: FastifyRequest): AcmeProblem {
  if (err instanceof AcmeProblem) return err;
  const status = (err as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const detail =
      (err as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? `ACME requests must be sent as ${JOSE_TYPE}`
        : err.name === 'SyntaxError' || (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not JSON'
          : err.message;
    return new AcmeProblem('malformed', detail, { status });
  }
  request.log.error({ err }, 'ACME request failed');
  return new AcmeProblem('serverInternal', 'Something went wrong on our side. Please try again later.');
}

/** Every ACME answer but the directory's links to the directory; POSTs and newNonce carry a fresh nonce. */
function installAcmeHeaders(scope: FastifyInstance, deps: AcmeDeps) {
  scope.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith(ACME_PATHS.directory))
      reply.header('Link', `<${acmeUrl(deps, ACME_PATHS.directory)}>;rel="index"`);
    if (request.method === 'POST' || request.url.startsWith(ACME_PATHS.newNonce)) {
      reply.header('Replay-Nonce', await newNonce(deps.db, deps.now()));
      reply.header('Cache-Control', 'no-store');
    }
  });
}

/** The path a request was sent to (no query), as its JWS `url` must name it under the public URL. */
const requestUrl = (deps: AcmeDeps, request: FastifyRequest) => acmeUrl(deps, request.url.split('?')[0]);

/** The account a `kid` names (its URL), when it is one of ours; a deactivated one may no longer act (§7.3.6). */
async function accountOfKid(deps: AcmeDeps, kid: string): Promise<store.AccountRow | null> {
  const prefix = acmeUrl(deps, ACME_PATHS.account);
  if (!kid.startsWith(prefix)) return null;
  const id = kid.slice(prefix.length);
  if (!UUID_RE.test(id)) return null;
  const account = await store.accountById(deps.db, id);
  if (account && account.status !== 'valid')
    throw new AcmeProblem('unauthorized', `This account is ${account.status}`);
  return account;
}

type Verified = VerifiedAcmeRequest & { account: store.AccountRow | null };

/** §6.2–§6.5: the JWS checked (signature first, so that a forged request spends no nonce), then its nonce spent. */
async function acmeRequest(
  deps: AcmeDeps,
  request: FastifyRequest,
  keyFrom: 'jwk' | 'kid' | 'either',
): Promise<Verified> {
  let account: store.AccountRow | null = null;
  const verified = await verifyAcmeRequest(request.body, {
    url: requestUrl(deps, request),
    keyFrom,
    accountKey: async (kid) => {
      account = await accountOfKid(deps, kid);
      return account ? (account.jwk as JWK) : null;
    },
  });
  await spendNonce(deps.db, verified.header.nonce, deps.now());
  return { ...verified, account };
}

async function requireJose(request: FastifyRequest) {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== JOSE_TYPE)
    throw new AcmeProblem('malformed', `ACME requests must be sent as ${JOSE_TYPE}`, { status: 415 });
}

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
    scope.setErrorHandler((err: FastifyError | Error, request, reply) => {
      const problem = problemOf(err, request);
      return reply.status(problem.status).type(PROBLEM_TYPE).send(problem.toDocument());
    });
    installAcmeHeaders(scope, deps);
    const post = { config: { public: true }, bodyLimit: BODY_LIMIT, preValidation: requireJose } as const;

    scope.get(
      ACME_PATHS.directory,
      { config: { public: true }, schema: { response: { 200: directoryResponse, ...refusals } } },
      async () => ({
        newNonce: acmeUrl(deps, ACME_PATHS.newNonce),
        newAccount: acmeUrl(deps, ACME_PATHS.newAccount),
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
      { ...post, schema: { response: { 200: accountResponse, 201: accountResponse, ...refusals } } },
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
      { ...post, schema: { response: { 200: accountResponse, ...refusals } } },
      async (request, reply) => {
        const req = await acmeRequest(deps, request, 'kid');
        if (!req.account || req.header.kid !== req.header.url)
          throw new AcmeProblem('unauthorized', 'A request to an account URL must be signed by that account');
        return sendAccount(deps, reply, await updateAccount(deps, req.account, req.payload), 200);
      },
    );
  });
}

// ---- the provider's credentials, in the portal API ----

const createdResponse = { type: 'object', properties: { key_id: str, hmac_key: str } } as const;
const credentialResponse = {
  type: 'object',
  properties: {
    id: str,
    key_id: str,
    status: str,
    created_on: str,
    revoked_on: nullableStr,
    account_id: nullableStr,
    account_status: nullableStr,
    bound_on: nullableStr,
  },
} as const;

const CREDENTIALS_LIST: ListSpec = {
  sortable: { created_on: 'created_on', status: 'status', bound_on: 'bound_on', revoked_on: 'revoked_on' },
  filters: {
    status: {
      sql: (p) => `status = ${p}`,
      value: (v) => {
        if (typeof v !== 'string' || !(ACME_CREDENTIAL_STATUSES as readonly string[]).includes(v))
          throw badRequest(`The status filter must be one of ${ACME_CREDENTIAL_STATUSES.join(', ')}`);
        return v;
      },
    },
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'id',
};

export async function acmeCredentialRoutes(app: FastifyInstance, deps: AcmeDeps): Promise<void> {
  app.post(
    '/api/service_provider/acme/eab',
    // Not idempotent on purpose: a replayed answer would be the HMAC key kept in clear with the request's key.
    { config: access('acme-credentials', 'create'), schema: { response: { 201: createdResponse } } },
    async (request, reply) => reply.status(201).send(await createEabKey(deps, actorOf(request))),
  );

  app.get(
    '/api/service_provider/acme/eab',
    {
      config: access('acme-credentials', 'list'),
      schema: { response: { 200: { type: 'array', items: credentialResponse } } },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, CREDENTIALS_LIST, { paramOffset: 1 });
      const { rows, total } = await listEabKeys(deps, actorOf(request), list);
      return sendList(reply, 'acme-credentials', rows, total, list.range);
    },
  );

  app.delete<{ Params: { key_id: string } }>(
    '/api/service_provider/acme/eab/:key_id',
    { config: access('acme-credentials', 'delete'), schema: { response: { 200: messageResponse } } },
    async (request) => revokeEabKey(deps, actorOf(request), request.params.key_id),
  );
}
