// The ACME protocol's pieces every ACME route shares: the content types, the problem documents (RFC 8555 §6.7) of
// every refusal, the headers (Replay-Nonce, Link), and the checks of a POST (§6.2–§6.5: JWS, then nonce spent).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../../contract/ids';
import { AcmeProblemDocument } from '../../../contract/wire/acme';
import { ACME_PATHS, type AcmeDeps, acmeUrl } from './deps';
import { type VerifiedAcmeRequest, verifyAcmeRequest } from './jws';
import { newNonce, nonceTimes, settleSpend } from './nonces';
import { AcmeProblem } from './problems';
import * as store from './store';

export const JOSE_TYPE = 'application/jose+json';
export const PROBLEM_TYPE = 'application/problem+json';
export const PEM_CHAIN_TYPE = 'application/pem-certificate-chain';
/** An ACME request is a small JWS; a CSR or a token fits many times over. */
export const BODY_LIMIT = 64 * 1024;

/** Every ACME path is under this one. */
const ACME_PREFIX = '/acme';

/** An id in one of our ACME URLs: a UUID as we write them, in lower case (a URL is compared as written). */
const isOurId = (id: string): boolean => isUuid(id) && id === id.toLowerCase();

export const problemResponse = AcmeProblemDocument;
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

/** The scope's error handler: every error as its problem document, with the headers the problem names. */
export function sendProblem(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const problem = problemOf(err, request);
  if (problem.location) reply.header('Location', problem.location);
  if (problem.allow) reply.header('Allow', problem.allow);
  return reply.status(problem.status).type(PROBLEM_TYPE).send(problem.toDocument());
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

/** The path as the router reads it: no query, decoded once (the raw text when it does not decode). */
function decodedPath(url: string): string {
  const path = url.split('?')[0];
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** A route's path as a pattern of the paths it takes (`:id` any one segment), with or without a trailing slash. */
function pathPattern(url: string): string {
  const segments = url
    .split('/')
    .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^${segments.join('/').replace(/\/$/, '')}/?$`;
}

/**
 * What the scope answers where it has no route (RFC 8555 §6.7, §6.3): a method a resource does not take is a 405
 * naming the ones it does (`Allow`: a GET of an order, which is POST-as-GET only), any other path a 404; both as
 * problem documents, through the scope's error handler and headers. Call before the scope's routes: the methods of
 * each path are gathered as they are declared. Only paths under /acme answer so; the rest keep the app's own 404.
 */
export function installAcmeNotFound(scope: FastifyInstance) {
  const methods = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  scope.addHook('onRoute', (route) => {
    const source = pathPattern(route.url);
    const entry = methods.get(source) ?? { pattern: new RegExp(source), methods: new Set<string>() };
    methods.set(source, entry);
    for (const method of [route.method].flat()) {
      entry.methods.add(method);
      if (method === 'GET') entry.methods.add('HEAD');
    }
  });
  void scope.register(
    async (acme) => {
      acme.setNotFoundHandler(async (request) => {
        const path = decodedPath(request.url);
        const taken = [...methods.values()].find((m) => m.pattern.test(path));
        if (taken) {
          const allow = [...taken.methods].sort().join(', ');
          throw new AcmeProblem('malformed', `This resource takes ${allow} only`, { status: 405, allow });
        }
        throw new AcmeProblem('malformed', 'No ACME resource has this URL', { status: 404 });
      });
    },
    { prefix: ACME_PREFIX },
  );
}

/** The path a request was sent to (no query), as its JWS `url` must name it under the public URL. */
const requestUrl = (deps: AcmeDeps, request: FastifyRequest) => acmeUrl(deps, request.url.split('?')[0]);

/** The id of the account a `kid` names (its URL), when it can be one of ours. */
function accountIdOfKid(deps: AcmeDeps, kid: string): string | null {
  const prefix = acmeUrl(deps, ACME_PATHS.account);
  if (!kid.startsWith(prefix)) return null;
  const id = kid.slice(prefix.length);
  return isOurId(id) ? id : null;
}

/** A deactivated (or revoked) account may no longer act (§7.3.6). */
function mustBeValid(account: store.AccountRow): store.AccountRow {
  if (account.status !== 'valid') throw new AcmeProblem('unauthorized', `This account is ${account.status}`);
  return account;
}

/** The most accounts one server keeps the keys of; past that, the longest kept is read again when it is next used. */
const MAX_KNOWN_ACCOUNTS = 10_000;

function remember(deps: AcmeDeps, account: store.AccountRow) {
  deps.accounts.delete(account.id);
  if (deps.accounts.size >= MAX_KNOWN_ACCOUNTS)
    deps.accounts.delete(deps.accounts.keys().next().value as string);
  deps.accounts.set(account.id, account);
}

type Verified<T> = VerifiedAcmeRequest & { account: store.AccountRow | null; read: T };

/**
 * What a request by an account reads first (its order, its authorization...), run while its nonce is spent: given
 * the account its signature was checked with, of which it may use only what never changes (its id, its provider).
 */
export type FirstRead<T> = (account: store.AccountRow) => Promise<T>;

/**
 * §6.2–§6.5: the JWS checked (signature first, so that a forged request spends no nonce), then its nonce spent.
 * A request by an account is checked with the account's key as this server last read it (deps.accounts; read
 * when unknown), and its nonce is spent in the same statement that reads the account as it is now: one round trip
 * in the usual case, and an account deactivated or re-keyed on another server is refused, or its request checked
 * again with the new key, as if nothing had been kept.
 */
export async function acmeRequest<T = undefined>(
  deps: AcmeDeps,
  request: FastifyRequest,
  keyFrom: 'jwk' | 'kid' | 'either',
  first?: FirstRead<T>,
): Promise<Verified<T>> {
  const url = requestUrl(deps, request);
  let id: string | null = null;
  let used: store.AccountRow | null = null;
  let kept = false;
  const check = (known: (id: string) => store.AccountRow | null | Promise<store.AccountRow | null>) =>
    verifyAcmeRequest(request.body, {
      url,
      keyFrom,
      accountKey: async (kid) => {
        id = accountIdOfKid(deps, kid);
        used = id === null ? null : await known(id);
        return used ? mustBeValid(used).jwk : null;
      },
    });
  const read = async (accountId: string) => {
    const account = await deps.store.accountById(accountId);
    if (account) remember(deps, account);
    else deps.accounts.delete(accountId);
    return account;
  };
  let verified: VerifiedAcmeRequest;
  try {
    verified = await check((accountId) => {
      const known = deps.accounts.get(accountId);
      kept = known !== undefined;
      return known ?? read(accountId);
    });
  } catch (e) {
    // refused with a key kept from before: the account may have changed since; judge it as it is now
    if (!kept) throw e;
    verified = await check(read);
  }
  const { nonce } = verified.header;
  const { given, expires } = nonceTimes(deps.nonceKey, nonce, deps.now());
  if (id === null) {
    await settleSpend(deps.store, await deps.store.recordSpentNonce(nonce, expires), given, deps.now());
    return { ...verified, account: null, read: undefined as T };
  }
  // the request's first read beside the nonce's statement: one round trip's wait instead of two; what it read
  // is used only once the nonce and the account are found good
  const [spent, firstRead] = await Promise.allSettled([
    deps.store.spendNonceReadingAccount(nonce, expires, id),
    first ? first(used as unknown as store.AccountRow) : Promise.resolve(undefined as T),
  ]);
  if (spent.status === 'rejected') throw spent.reason;
  const now = spent.value;
  await settleSpend(deps.store, now.spent, given, deps.now());
  if (!now.account) {
    deps.accounts.delete(id);
    throw new AcmeProblem('accountDoesNotExist', 'No account has this kid');
  }
  remember(deps, now.account);
  mustBeValid(now.account);
  // re-keyed since it was read (keyChange on another server): the request must verify with the new key
  if (now.account.thumbprint !== (used as store.AccountRow | null)?.thumbprint) {
    const current = now.account;
    verified = await check(() => current);
  }
  if (firstRead.status === 'rejected') throw firstRead.reason;
  return { ...verified, account: now.account, read: firstRead.value };
}

export async function requireJose(request: FastifyRequest) {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== JOSE_TYPE)
    throw new AcmeProblem('malformed', `ACME requests must be sent as ${JOSE_TYPE}`, { status: 415 });
}

export type PostOptions = { config: { public: true }; bodyLimit: number; preValidation: typeof requireJose };
/** A request signed by an account (its `kid`), which must be valid; `first` as acmeRequest runs it. */
export async function accountRequest<T = undefined>(
  deps: AcmeDeps,
  request: FastifyRequest,
  first?: FirstRead<T>,
) {
  const req = await acmeRequest(deps, request, 'kid', first);
  if (!req.account) throw new AcmeProblem('accountDoesNotExist', 'No account has this kid');
  return { ...req, account: req.account };
}
/**
 * A resource read by POST-as-GET only (an order, an account's order list, a certificate): the payload must be empty,
 * exactly (RFC 8555 §6.3). A JWS with a payload, even `{}`, asks for a change the resource does not take.
 */
export function postAsGet<R extends { payload: unknown }>(req: R): R {
  if (req.payload !== null)
    throw new AcmeProblem('malformed', 'This resource is read by POST-as-GET: send an empty payload');
  return req;
}

/** A path id that is no UUID names nothing. */
export function uuidParam(id: string): string {
  if (!isOurId(id)) throw new AcmeProblem('malformed', 'Not found', { status: 404 });
  return id;
}
