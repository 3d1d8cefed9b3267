// The STI-PA simulator: the STI-PA API (login, SPC token, ca-list, logout, the signing
// certificate the tokens' x5u points at, the SHAKEN CRL every token answer names, with its signer and root), mounted on this server under /stipa-sim/api/v1 when STI_PA_URL is
// unset, so the real client is the code path in both cases. Answers use the STI-PA's shapes:
// {status:'success', ...} or {status:'error', message}.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  encodeTnAuthList,
  fingerprintDigest,
  pemFile,
  SPC_RE,
  tkvalueMatches,
  tnAuthListToBase64,
} from '../../ca';
import type { Config } from '../../config';
import type { Queryable } from '../../db';
import { emptyResponse, fileResponse } from '../../http/responses';
import {
  StiPaCaListAnswer,
  StiPaCertificateParams,
  StiPaDoneAnswer,
  StiPaLoginAnswer,
  StiPaOcnParams,
  StiPaTokenAnswer,
} from '../../../../contract/wire/integrations';
import { sendCrl } from '../../repository/routes';
import type { StiPaTrustPolicy } from './service';
import { simulatorCertificateRoutes } from './simulatorCertificates';
import { SIM_CRL_ISSUER_ID, SIM_CRL_PATH, type SimulatorCrl } from './simulatorCrl';
import { jsonBodies, NotJsonError } from './simulatorJson';
import { simulatorKeyring, type SimulatorKeys } from './simulatorKeys';
import { bearerToken, simulatorSignIns, type SimulatorSignIns } from './simulatorSignIns';

export const STIPA_SIM_PREFIX = '/stipa-sim/api/v1';

export interface SimAccount {
  userId: string;
  password: string;
  /** The OCNs this user may request tokens for; '*' for any. */
  ocns: '*' | string[];
  /** Whether this user may request tokens with `atc.ca` true (for an STI-SCA), as the STI-PA allows some users. */
  ca: boolean;
}

export class SimAccountsError extends Error {
  override readonly name = 'SimAccountsError';
}

export const DEFAULT_SIM_ACCOUNTS: SimAccount[] = [
  { userId: 'demo', password: 'demo-pass', ocns: '*', ca: true },
];

/** The last field of an account entry that lets it request tokens for an STI-SCA (`atc.ca` true). */
const CA_FLAG = 'CA';

/**
 * `user:pass:OCN;user2:pass2:*:ca` (OCN may be a comma list; the password may contain ':'; a last field `ca` lets
 * the user request tokens with `atc.ca` true). Unset, the demo account (any OCN, `ca` allowed) when `demoAccount`
 * allows it (development, or DEMO_MODE=true), else no account at all.
 */
export function parseSimAccounts(spec: string | undefined, demoAccount = true): SimAccount[] {
  if (spec === undefined || spec.trim() === '') return demoAccount ? DEFAULT_SIM_ACCOUNTS : [];
  return spec
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry, i) => {
      const parts = entry.split(':');
      const ca = parts.length > 3 && parts[parts.length - 1].trim().toUpperCase() === CA_FLAG;
      if (ca) parts.pop();
      if (parts.length < 3)
        throw new SimAccountsError(`STI_PA_SIM_ACCOUNTS entry ${i + 1} must be user:pass:OCN`);
      const userId = parts[0].trim();
      const ocnSpec = parts[parts.length - 1].trim().toUpperCase();
      const password = parts.slice(1, -1).join(':');
      if (!userId || !password)
        throw new SimAccountsError(`STI_PA_SIM_ACCOUNTS entry ${i + 1} has an empty user or password`);
      if (ocnSpec === '*') return { userId, password, ocns: '*' as const, ca };
      const ocns = ocnSpec.split(',').map((o) => o.trim());
      if (!ocns.every((o) => SPC_RE.test(o)))
        throw new SimAccountsError(
          `STI_PA_SIM_ACCOUNTS entry ${i + 1}: OCN must be 4 letters or digits, or *`,
        );
      return { userId, password, ocns, ca };
    });
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** Checks every account with constant-time compares, so the answer time says nothing about which part was wrong. */
function findAccount(accounts: SimAccount[], userId: string, password: string): SimAccount | undefined {
  let found: SimAccount | undefined;
  for (const a of accounts) {
    const userOk = sameSecret(a.userId, userId);
    const passOk = sameSecret(a.password, password);
    if (userOk && passOk && !found) found = a;
  }
  return found;
}

export interface StipaSimulatorOptions {
  /** The `crl` of every token answer: CRL_URL when set, else the simulator's own SHAKEN CRL. */
  crlUrl?: string;
  /** SPC token lifetime; STI_PA_SIM_TOKEN_LIFETIME (3600 s by default) when unset. */
  tokenLifetimeSeconds?: number;
  /** Access token lifetime; 15 min by default. */
  accessTokenLifetimeSeconds?: number;
  /** Mount even when STI_PA_URL is set (tests). */
  force?: boolean;
}

const b64url = (data: string | Uint8Array) => Buffer.from(data).toString('base64url');

/** A compact ES256 JWS signed through the Signer (which already answers r||s, the JWS form). */
async function signJws(keys: SimulatorKeys, header: object, payload: object): Promise<string> {
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  const sig = await keys.signer.sign(new TextEncoder().encode(input));
  return `${input}.${b64url(sig)}`;
}

/** The simulator's root, PEM, as saved in `dataDir`: the STI-PA trust anchor while STI_PA_URL is unset. */
export async function simulatorTrustAnchorPem(dataDir: string): Promise<string> {
  return (await simulatorKeyring(dataDir)()).rootPem;
}

/** The embedded STI-PA: tokens chain to the simulator's own root, and its x5u is served over PUBLIC_URL. */
export function simulatorStiPaTrust(keys: () => Promise<SimulatorKeys>): () => Promise<StiPaTrustPolicy> {
  return async () => ({ trustAnchorsPem: [(await keys()).rootPem], requireHttpsX5u: false });
}

/** The URL of the simulator's API on this server (what the client calls while STI_PA_URL is unset). */
export const simulatorBaseUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${STIPA_SIM_PREFIX}`;

const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).send({ status: 'error', message });

/** What the simulator reads: a few config fields (read at request time), the clock, its keyring and sign-ins. */
export interface StipaSimulatorDeps {
  config: Pick<
    Config,
    | 'stiPaUrl'
    | 'stiPaSimAccounts'
    | 'stiPaSimTokenLifetime'
    | 'crlUrl'
    | 'publicUrl'
    | 'authRateLimit'
    | 'isProduction'
    | 'demoMode'
  >;
  now: () => Date;
  /** The database its sign-ins are kept in, shared by every server (simulatorSignIns.ts). */
  db: Queryable;
  /** The simulator's root and signing keys (simulatorKeyring), shared with the STI-PA trust policy. */
  keys: () => Promise<SimulatorKeys>;
  /** This CA's root certificate (PEM): the approved CA the simulated STI-PA's trust list carries. */
  caRootPem: string;
  /** The simulator's SHAKEN CRL (built by the composition root while STI_PA_URL is unset). */
  crl?: SimulatorCrl;
}

/** The simulator's state and helpers for its routes. */
interface Sim {
  deps: StipaSimulatorDeps;
  accounts: SimAccount[];
  tokenLifetime: number;
  crlUrl: string;
  signIns: SimulatorSignIns;
  keys(): Promise<SimulatorKeys>;
  x5uOf(k: SimulatorKeys): string;
  /** The account signed in with the header's access token, while that sign-in lasts. */
  session(header: string | undefined): Promise<{ account: SimAccount } | undefined>;
}

function simulatorState(deps: StipaSimulatorDeps, options: StipaSimulatorOptions): Sim {
  const { config } = deps;
  // The demo account is never the default of a production start that is not declared a demo.
  const accounts = parseSimAccounts(config.stiPaSimAccounts, !config.isProduction || config.demoMode);
  const signIns = simulatorSignIns(deps.db, deps.now, (options.accessTokenLifetimeSeconds ?? 15 * 60) * 1000);
  return {
    deps,
    accounts,
    tokenLifetime: options.tokenLifetimeSeconds ?? config.stiPaSimTokenLifetime,
    crlUrl: options.crlUrl ?? config.crlUrl ?? `${simulatorBaseUrl(config.publicUrl)}${SIM_CRL_PATH}`,
    signIns,
    keys: deps.keys,
    x5uOf: (k) => `${simulatorBaseUrl(config.publicUrl)}/certificate/${k.certificateName}.crt`,
    async session(header) {
      const userId = await signIns.userOf(bearerToken(header));
      // Every server reads the same STI_PA_SIM_ACCOUNTS; an account taken out of it since is signed in no more.
      const account = userId === undefined ? undefined : accounts.find((a) => a.userId === userId);
      return account && { account };
    },
  };
}

/** The signing certificate the tokens' x5u points at. */
function certificateRoute(sim: FastifyInstance, s: Sim): void {
  sim.get<{ Params: StiPaCertificateParams }>(
    '/certificate/:name',
    {
      config: { public: true },
      schema: {
        params: StiPaCertificateParams,
        response: { 200: fileResponse('application/pem-certificate-chain') },
      },
    },
    async (request, reply) => {
      const k = await s.keys();
      if (request.params.name !== `${k.certificateName}.crt`) return refuse(reply, 404, 'Not found');
      return reply
        .type('application/pem-certificate-chain')
        .header('Cache-Control', 'public, max-age=86400')
        .send(k.signerPem);
    },
  );
}

/** The SHAKEN CRL, as the STI-PA publishes it: DER, signed by its CRL-signing key, cacheable. */
function crlRoute(sim: FastifyInstance, s: Sim): void {
  sim.get(
    SIM_CRL_PATH,
    {
      config: { public: true },
      schema: { response: { 200: fileResponse('application/pkix-crl'), 304: emptyResponse } },
    },
    async (request, reply) => {
      const crl = s.deps.crl;
      if (!crl) return refuse(reply, 404, 'Not found');
      return sendCrl(request, reply, crl.publisher, SIM_CRL_ISSUER_ID, (r) => refuse(r, 404, 'Not found'));
    },
  );
}

/** The login limit's key: the user id asked for (case-insensitive), or the address when there is none. */
function simLoginKey(request: FastifyRequest): string {
  const userId = (request.body as { userId?: unknown } | undefined)?.userId;
  const id = typeof userId === 'string' ? userId.trim().toLowerCase().slice(0, 200) : '';
  return id ? `user:${id}` : `ip:${request.ip}`;
}

function sessionRoutes(sim: FastifyInstance, s: Sim): void {
  sim.post<{ Body: { userId?: unknown; password?: unknown } }>(
    '/auth/login',
    {
      // Throttled like the portal's own sign-in (effective where @fastify/rate-limit is registered), but per STI-PA
      // user rather than per address: the portal calls from one address for every provider, so a limit per address
      // let one provider's wrong passwords lock every other one out.
      config: {
        public: true,
        rateLimit: {
          max: s.deps.config.authRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: simLoginKey,
        },
      },
      schema: { response: { 200: StiPaLoginAnswer } },
    },
    async (request, reply) => {
      const { userId, password } = request.body ?? {};
      if (typeof userId !== 'string' || typeof password !== 'string')
        return refuse(reply, 400, 'userId and password are required');
      const account = findAccount(s.accounts, userId, password);
      if (!account) return refuse(reply, 401, 'Invalid credentials');
      return { status: 'success', accessToken: await s.signIns.start(account.userId) };
    },
  );
  sim.post(
    '/auth/logout',
    { config: { public: true }, schema: { response: { 200: StiPaDoneAnswer } } },
    async (request) => {
      await s.signIns.end(bearerToken(request.headers.authorization));
      return { status: 'success' };
    },
  );
}

/** Why an atc is refused, or undefined when it is the TNAuthList of `ocn` with a well-formed fingerprint. */
function atcProblem(
  atc: Record<string, unknown> | undefined,
  ocn: string,
  der: Uint8Array,
): string | undefined {
  if (!atc || typeof atc !== 'object') return 'atc is required';
  if (typeof atc.tktype !== 'string' || atc.tktype.toLowerCase() !== 'tnauthlist')
    return 'atc.tktype must be TNAuthList';
  if (typeof atc.tkvalue !== 'string' || !tkvalueMatches(atc.tkvalue, der))
    return `atc.tkvalue is not the TNAuthList of OCN ${ocn}`;
  if (typeof (atc.ca ?? false) !== 'boolean') return 'atc.ca must be true or false';
  // any form a client may write (fingerprintDigest), signed as it was written, as the STI-PA does
  if (typeof atc.fingerprint !== 'string' || !fingerprintDigest(atc.fingerprint))
    return 'atc.fingerprint must be "SHA256 " followed by 32 hex pairs, or a base64url SHA-256 (a JWK thumbprint)';
  return undefined;
}

function tokenRoutes(sim: FastifyInstance, s: Sim): void {
  sim.post<{ Params: StiPaOcnParams; Body: { atc?: Record<string, unknown> } }>(
    '/account/:ocn/token',
    {
      config: { public: true },
      schema: { params: StiPaOcnParams, response: { 200: StiPaTokenAnswer } },
    },
    async (request, reply) => {
      const session = await s.session(request.headers.authorization);
      if (!session) return refuse(reply, 401, 'Invalid or expired access token');
      const ocn = request.params.ocn.toUpperCase();
      if (!SPC_RE.test(ocn)) return refuse(reply, 400, 'OCN must be 4 letters or digits');
      if (session.account.ocns !== '*' && !session.account.ocns.includes(ocn))
        return refuse(reply, 403, `User ${session.account.userId} is not authorized for OCN ${ocn}`);
      const atc = request.body?.atc;
      const der = encodeTnAuthList(ocn);
      const problem = atcProblem(atc, ocn, der);
      if (problem || !atc) return refuse(reply, 400, problem ?? 'atc is required');
      if (atc.ca === true && !session.account.ca)
        return refuse(
          reply,
          403,
          `User ${session.account.userId} may not request tokens for a subordinate CA`,
        );
      const k = await s.keys();
      const token = await signJws(
        k,
        { alg: 'ES256', typ: 'JWT', x5u: s.x5uOf(k) },
        {
          exp: Math.floor(s.deps.now().getTime() / 1000) + s.tokenLifetime,
          jti: randomUUID(),
          atc: {
            tktype: 'TNAuthList',
            tkvalue: tnAuthListToBase64(der),
            ca: atc.ca ?? false,
            fingerprint: (atc.fingerprint as string).trim(),
          },
        },
      );
      return { status: 'success', token, crl: s.crlUrl };
    },
  );
  // The approved CA roots, as the STI-PA lists them once this CA is approved: `trustList` (PEM each, what
  // clients read), and the same list signed (a JWS from the token-signing certificate) as `caList`.
  sim.get(
    '/ca-list',
    {
      config: { public: true },
      schema: { response: { 200: StiPaCaListAnswer } },
    },
    async () => {
      const k = await s.keys();
      const trustList = [pemFile(s.deps.caRootPem)];
      const caList = await signJws(
        k,
        { alg: 'ES256', typ: 'JWT', x5u: s.x5uOf(k) },
        { iat: Math.floor(s.deps.now().getTime() / 1000), trustList },
      );
      return { status: 'success', trustList, caList };
    },
  );
}

export function createStipaSimulatorModule(options: StipaSimulatorOptions = {}) {
  return async function stipaSimulator(app: FastifyInstance, deps: StipaSimulatorDeps): Promise<void> {
    if (deps.config.stiPaUrl && !options.force) return;
    const s = simulatorState(deps, options);
    await app.register(
      async (sim) => {
        sim.setErrorHandler((err: FastifyError, request, reply) => {
          const status = typeof err.statusCode === 'number' && err.statusCode < 500 ? err.statusCode : 500;
          if (status === 500) request.log.error({ err }, 'STI-PA simulator error');
          const message = err instanceof NotJsonError ? err.message : 'Malformed request';
          return refuse(reply, status, status === 500 ? 'Internal error' : message);
        });
        jsonBodies(sim);
        sim.setNotFoundHandler((_request, reply) => refuse(reply, 404, 'Not found'));
        certificateRoute(sim, s);
        simulatorCertificateRoutes(sim, deps);
        crlRoute(sim, s);
        sessionRoutes(sim, s);
        tokenRoutes(sim, s);
      },
      { prefix: STIPA_SIM_PREFIX },
    );
  };
}

/** The module for MODULES in app.ts: the simulator with its defaults, mounted only while STI_PA_URL is unset. */
export const stipaSimulatorRoutes = createStipaSimulatorModule();
