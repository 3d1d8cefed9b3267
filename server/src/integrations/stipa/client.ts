// The STI-PA API client (the one iconectiv runs, and our simulator): login → SPC token → logout.
// The STI-PA password and the tokens travel only in request bodies and headers: never in errors or logs.
import type { StiPaTokenAnswer } from '../../../../contract/wire/integrations';

export type StiPaErrorCause =
  | 'invalid_credentials'
  | 'not_api_user'
  | 'ip_not_allowed'
  | 'not_in_good_standing'
  | 'not_authorized_for_ocn'
  | 'not_authorized_for_ca'
  | 'unavailable'
  | 'bad_response';

const CAUSE_MESSAGES: Record<StiPaErrorCause, string> = {
  invalid_credentials: 'The STI-PA did not accept the user ID or password.',
  not_api_user: 'This STI-PA user does not have the "API User" role.',
  ip_not_allowed: "The STI-PA refused the request: this CA's address is not on the STI-PA allow-list.",
  not_in_good_standing: 'The STI-PA reports that the service provider is not in good standing.',
  not_authorized_for_ocn: 'This STI-PA user may not request SPC tokens for that OCN.',
  not_authorized_for_ca: 'This STI-PA user may not request SPC tokens for a subordinate CA (an STI-SCA).',
  unavailable: 'The STI-PA is not reachable right now. Please try again later.',
  bad_response: 'The STI-PA answered in an unexpected way.',
};

export class StiPaError extends Error {
  override readonly name = 'StiPaError';
  constructor(
    override readonly cause: StiPaErrorCause,
    message: string = CAUSE_MESSAGES[cause],
    /** The HTTP status, when an answer came. */
    readonly httpStatus?: number,
    /** The STI-PA's own message, cleaned of any secret sent with the request. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

export interface SpcTokenRequest {
  tktype: 'TNAuthList';
  /** Standard base64 of the TNAuthList DER. */
  tkvalue: string;
  ca: boolean;
  /** `SHA256 AA:BB:…` of the account key. */
  fingerprint: string;
}

/** The SPC token, and the SHAKEN CRL URL to put in the certificate's CRL distribution point. */
export type SpcTokenAnswer = Omit<StiPaTokenAnswer, 'status'>;

/** Only what may be logged: never a secret. */
export interface StiPaLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface StiPaClient {
  readonly baseUrl: string;
  login(userId: string, password: string): Promise<string>;
  requestSpcToken(accessToken: string, ocn: string, atc: SpcTokenRequest): Promise<SpcTokenAnswer>;
  caList(accessToken?: string): Promise<Record<string, unknown>>;
  logout(accessToken: string): Promise<void>;
  /**
   * login → token → logout (a failed logout is ignored). The password is used for this call only. `log`, when
   * given, replaces the client's log for this call (a logger bound to the request).
   */
  getSpcToken(params: {
    userId: string;
    password: string;
    ocn: string;
    atc: SpcTokenRequest;
    log?: StiPaLog;
  }): Promise<SpcTokenAnswer>;
  /** The CRL at `url` (DER). */
  fetchCrl(url: string): Promise<Uint8Array>;
}

export interface StiPaClientOptions {
  /** e.g. https://authenticate-api.iconectiv.com/api/v1 (no trailing slash needed). */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  log?: StiPaLog;
}

/** Maps a refusal to a cause from its HTTP status and the STI-PA's words. */
export function classifyFailure(httpStatus: number, message: string | undefined): StiPaErrorCause {
  const m = (message ?? '').toLowerCase();
  if (/allow.?list|white.?list|\bip\b|ip address|address not allowed/.test(m)) return 'ip_not_allowed';
  if (/api.?user|\brole\b/.test(m)) return 'not_api_user';
  if (/good standing|standing|suspend|inactive|delinquent/.test(m)) return 'not_in_good_standing';
  if (/not authori[sz]ed for (the )?ocn|ocn/.test(m) && httpStatus === 403) return 'not_authorized_for_ocn';
  if (/subordinate ca|\bsti-sca\b|\bca\b token/.test(m) && httpStatus === 403) return 'not_authorized_for_ca';
  if (/credential|password|user ?id|unauthori[sz]ed|login/.test(m) || httpStatus === 401)
    return 'invalid_credentials';
  if (httpStatus === 403) return 'not_api_user';
  if (httpStatus >= 500 || httpStatus === 429) return 'unavailable';
  return 'bad_response';
}

function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join('[REDACTED]');
  return out.slice(0, 300);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

interface Transport {
  baseUrl: string;
  doFetch: typeof fetch;
  timeoutMs: number;
}

interface SendInit {
  body?: unknown;
  accessToken?: string;
  secrets: string[];
}

/** Whether the request never got an answer because of the timeout (rather than a network failure). */
const timedOutError = (err: unknown) =>
  (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError';

async function send(
  t: Transport,
  log: StiPaLog | undefined,
  request: { op: string; method: 'GET' | 'POST'; path: string },
  init: SendInit,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { op } = request;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  // The STI-PA takes the bare access token, without "Bearer".
  if (init.accessToken) headers.authorization = init.accessToken;
  let res: Response;
  let text: string;
  try {
    res = await t.doFetch(`${t.baseUrl}${request.path}`, {
      method: request.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(t.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const timedOut = timedOutError(err);
    log?.warn({ op, cause: 'unavailable', timedOut }, 'STI-PA request failed');
    throw new StiPaError(
      'unavailable',
      timedOut ? 'The STI-PA did not answer in time. Please try again later.' : CAUSE_MESSAGES.unavailable,
    );
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const detail =
    isRecord(body) && typeof body.message === 'string' ? scrub(body.message, init.secrets) : undefined;
  const ok = res.status < 400 && isRecord(body) && body.status === 'success';
  if (!ok) {
    const cause =
      res.status < 400 && !isRecord(body)
        ? 'bad_response'
        : classifyFailure(res.status, detail ?? (isRecord(body) ? undefined : scrub(text, init.secrets)));
    log?.warn({ op, httpStatus: res.status, cause, detail }, 'STI-PA refused the request');
    const message = detail ? `${CAUSE_MESSAGES[cause]} (STI-PA: ${detail})` : CAUSE_MESSAGES[cause];
    throw new StiPaError(cause, message, res.status, detail);
  }
  log?.info({ op, httpStatus: res.status }, 'STI-PA request done');
  return { status: res.status, body: body as Record<string, unknown> };
}

async function login(t: Transport, log: StiPaLog | undefined, userId: string, password: string) {
  const { body } = await send(
    t,
    log,
    { op: 'login', method: 'POST', path: '/auth/login' },
    { body: { userId, password }, secrets: [password] },
  );
  if (typeof body.accessToken !== 'string' || !body.accessToken)
    throw new StiPaError('bad_response', 'The STI-PA login answer has no access token.');
  return body.accessToken;
}

async function requestSpcToken(
  t: Transport,
  log: StiPaLog | undefined,
  accessToken: string,
  ocn: string,
  atc: SpcTokenRequest,
): Promise<SpcTokenAnswer> {
  const { body } = await send(
    t,
    log,
    { op: 'token', method: 'POST', path: `/account/${encodeURIComponent(ocn)}/token` },
    {
      accessToken,
      body: { atc: { tktype: atc.tktype, tkvalue: atc.tkvalue, ca: atc.ca, fingerprint: atc.fingerprint } },
      secrets: [accessToken],
    },
  );
  if (typeof body.token !== 'string' || !body.token)
    throw new StiPaError('bad_response', 'The STI-PA token answer has no SPC token.');
  if (typeof body.crl !== 'string' || !body.crl)
    throw new StiPaError('bad_response', 'The STI-PA token answer has no CRL URL.');
  return { token: body.token, crl: body.crl };
}

async function logout(t: Transport, log: StiPaLog | undefined, accessToken: string): Promise<void> {
  await send(
    t,
    log,
    { op: 'logout', method: 'POST', path: '/auth/logout' },
    { accessToken, body: {}, secrets: [accessToken] },
  );
}

async function fetchCrl(t: Transport, url: string): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await t.doFetch(url, { signal: AbortSignal.timeout(t.timeoutMs) });
  } catch {
    throw new StiPaError('unavailable', 'The SHAKEN CRL could not be fetched.');
  }
  if (res.status >= 400)
    throw new StiPaError('unavailable', 'The SHAKEN CRL could not be fetched.', res.status);
  return new Uint8Array(await res.arrayBuffer());
}

export function createStiPaClient(options: StiPaClientOptions): StiPaClient {
  const t: Transport = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    doFetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
  };
  const log = options.log;
  return {
    baseUrl: t.baseUrl,
    login: (userId, password) => login(t, log, userId, password),
    requestSpcToken: (accessToken, ocn, atc) => requestSpcToken(t, log, accessToken, ocn, atc),
    async caList(accessToken) {
      const { body } = await send(
        t,
        log,
        { op: 'ca-list', method: 'GET', path: '/ca-list' },
        { accessToken, secrets: accessToken ? [accessToken] : [] },
      );
      return body;
    },
    logout: (accessToken) => logout(t, log, accessToken),
    async getSpcToken({ userId, password, ocn, atc, log: callLog }) {
      const l = callLog ?? log;
      const accessToken = await login(t, l, userId, password);
      try {
        return await requestSpcToken(t, l, accessToken, ocn, atc);
      } finally {
        await logout(t, l, accessToken).catch(() => undefined);
      }
    },
    fetchCrl: (url) => fetchCrl(t, url),
  };
}
