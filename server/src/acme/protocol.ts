// The ACME protocol's pieces every ACME route shares: the content types, the problem documents (RFC 8555 §6.7) of
// every refusal, the headers (Replay-Nonce, Link), and the checks of a POST (§6.2–§6.5: JWS, then nonce spent).
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import { str } from '../http/responses';
import { ACME_PATHS, type AcmeDeps, acmeUrl } from './deps';
import { type VerifiedAcmeRequest, verifyAcmeRequest } from './jws';
import { newNonce, spendNonce } from './nonces';
import { AcmeProblem } from './problems';
import * as store from './store';

export const JOSE_TYPE = 'application/jose+json';
export const PROBLEM_TYPE = 'application/problem+json';
export const PEM_CHAIN_TYPE = 'application/pem-certificate-chain';
/** An ACME request is a small JWS; a CSR or a token fits many times over. */
export const BODY_LIMIT = 64 * 1024;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const problemResponse = {
  type: 'object',
  properties: {
    type: str,
    detail: str,
    status: { type: 'integer' },
    algorithms: { type: 'array', items: str },
  },
} as const;
export const refusals = { '4xx': problemResponse, '5xx': problemResponse };
/** The problem document of any error of this scope: ours as they are, Fastify's as malformed, the rest logged. */
export function problemOf(err: FastifyError | Error, request: FastifyRequest): AcmeProblem {
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
export function installAcmeHeaders(scope: FastifyInstance, deps: AcmeDeps) {
  scope.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith(ACME_PATHS.directory)) {
      const index = `<${acmeUrl(deps, ACME_PATHS.directory)}>;rel="index"`;
      const up = reply.getHeader('Link');
      reply.header('Link', up ? `${String(up)}, ${index}` : index);
    }
    if (request.method === 'POST' || request.url.startsWith(ACME_PATHS.newNonce)) {
      reply.header('Replay-Nonce', newNonce(deps.nonceKey, deps.now()));
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
export async function acmeRequest(
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
  await spendNonce(deps.db, deps.nonceKey, verified.header.nonce, deps.now());
  return { ...verified, account };
}

export async function requireJose(request: FastifyRequest) {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== JOSE_TYPE)
    throw new AcmeProblem('malformed', `ACME requests must be sent as ${JOSE_TYPE}`, { status: 415 });
}

export type PostOptions = { config: { public: true }; bodyLimit: number; preValidation: typeof requireJose };
/** A request signed by an account (its `kid`), which must be valid. */
export async function accountRequest(deps: AcmeDeps, request: FastifyRequest) {
  const req = await acmeRequest(deps, request, 'kid');
  if (!req.account) throw new AcmeProblem('accountDoesNotExist', 'No account has this kid');
  return { ...req, account: req.account };
}
/** A path id that is no UUID names nothing. */
export function uuidParam(id: string): string {
  if (!UUID_RE.test(id)) throw new AcmeProblem('malformed', 'Not found', { status: 404 });
  return id;
}
