// The one HTTP client of the web app: adds the bearer token, speaks JSON (or multipart), and shapes every
// failure as a PortalHttpError (docs/screens.md, Messages from the server): the body's `message`, else
// 'Request failed with status code N'; a request that never reached the server rejects with 'Network Error'
// and is announced on `window` so the layout can show a toast.
import { HttpError } from 'react-admin';
import { getToken } from '../authProvider/session';
import type { PortalHttpError } from './types';

export const API_URL = '/api';

/** Dispatched on `window` (a CustomEvent whose detail is `{ message }`) when a request fails at the network level. */
export const NETWORK_ERROR_EVENT = 'portal:network-error';
export const NETWORK_ERROR_MESSAGE = 'Network Error';

export interface HttpOptions extends Omit<RequestInit, 'headers'> {
  headers?: HeadersInit;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

type ErrorBody = NonNullable<PortalHttpError['body']>;

/** The message a user sees for a failed answer: the server's `message` (a list is joined), else the status. */
export function errorMessageOf(status: number, body: unknown): string {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  if (Array.isArray(message) && message.length) return message.map(String).join(', ');
  if (typeof message === 'string' && message.trim()) return message;
  return `Request failed with status code ${status}`;
}

export function createHttpError(status: number, body: unknown): PortalHttpError {
  const shaped: ErrorBody | undefined = body && typeof body === 'object' ? (body as ErrorBody) : undefined;
  return new HttpError(errorMessageOf(status, body), status, shaped ?? null) as PortalHttpError;
}

export function isPortalHttpError(error: unknown): error is PortalHttpError {
  return error instanceof Error && typeof (error as { status?: unknown }).status === 'number';
}

function announceNetworkError(message: string) {
  if (typeof window === 'undefined' || typeof window.dispatchEvent !== 'function') return;
  window.dispatchEvent(new CustomEvent(NETWORK_ERROR_EVENT, { detail: { message } }));
}

function isAbort(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'AbortError';
}

function buildHeaders(options: HttpOptions): Headers {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const body = options.body;
  const isMultipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body != null && !isMultipart && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * What the signed-in app adds to the GETs (routing/earlyGets.ts): `seen` is told of each, `take` may hand over the
 * answer of the same GET started early (once). Here they do nothing: the public pages have neither.
 */
export const earlyGets: { seen(url: string): void; take(url: string): Promise<Response> | undefined } = {
  seen: () => undefined,
  take: () => undefined,
};

/** fetch with the token, JSON decoding and the portal's error shapes. Same answer shape as react-admin's fetchJson. */
export async function httpClient<T = unknown>(
  url: string,
  options: HttpOptions = {},
  { announce = true }: { announce?: boolean } = {},
): Promise<HttpResponse<T>> {
  let response: Response;
  try {
    const get = (options.method ?? 'GET').toUpperCase() === 'GET';
    if (get) earlyGets.seen(url);
    response = await ((get && earlyGets.take(url)) ||
      fetch(url, { ...options, headers: buildHeaders(options) }));
  } catch (error) {
    if (isAbort(error)) throw error;
    if (announce) announceNetworkError(NETWORK_ERROR_MESSAGE);
    const networkError = new HttpError(NETWORK_ERROR_MESSAGE, 0, null) as PortalHttpError;
    (networkError as PortalHttpError & { code: string }).code = 'ERR_NETWORK';
    throw networkError;
  }
  const text = await response.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (a file, a plain-text answer): the text stays in `body`
    }
  }
  if (response.status < 200 || response.status >= 300) throw createHttpError(response.status, json);
  return { status: response.status, headers: response.headers, body: text, json: json as T };
}

/** `/api` + path + query (undefined values left out). */
export function apiUrl(path: string, query?: Record<string, string | number | undefined | null>): string {
  const url = `${API_URL}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** GET a JSON answer. */
export async function getJson<T>(path: string, query?: Record<string, string | undefined>): Promise<T> {
  const { json } = await httpClient<T>(apiUrl(path, query));
  return json;
}

/** POST a JSON body (or none) and read the JSON answer. */
export async function postJson<T>(path: string, body?: unknown): Promise<T> {
  const { json } = await httpClient<T>(apiUrl(path), {
    method: 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return json;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Attempts of one action whose request may not have reached the server (a network error): all with one key. */
export const IDEMPOTENT_ATTEMPTS = 3;
const RETRY_DELAY_MS = 300;

/** A random UUID v4; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * POST for one user action that creates, sends or charges (docs/api.md, Idempotency-Key): one key for the
 * action, sent again with each retry after a network error, so that the server makes the effect once and answers
 * the retry with the first answer. The body is JSON, or a FormData (a file upload) sent as multipart.
 */
export async function sendIdempotent<T>(path: string, body?: unknown): Promise<T> {
  const key = newIdempotencyKey();
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= IDEMPOTENT_ATTEMPTS;
    try {
      const { json } = await httpClient<T>(
        apiUrl(path),
        {
          method: 'POST',
          headers: { [IDEMPOTENCY_HEADER]: key },
          body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
        },
        { announce: last },
      );
      return json;
    } catch (error) {
      if (last || (error as { status?: number }).status !== 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
    }
  }
}

/** A JSON POST (or one without a body) for one action that creates, sends or charges: see sendIdempotent. */
export const postIdempotent = <T>(path: string, body?: unknown): Promise<T> => sendIdempotent<T>(path, body);

export type MessageAnswer = { message?: string } | undefined;

/** The `{ message }` of an answer, '' when it has none. */
export const messageOf = (json: MessageAnswer) => ({ message: json?.message ?? '' });

/**
 * A file (an invoice PDF, a key) with the token and the portal's error shapes: httpClient reads bodies as
 * text, a file needs its bytes and, for its name, its headers.
 */
export async function fetchFile(url: string): Promise<Response> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw createHttpError(0, { message: 'Network Error' });
  }
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw createHttpError(response.status, body);
  }
  return response;
}
