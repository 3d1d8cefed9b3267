// One error shape for every answer: { statusCode, error, message, errors? } (+ login data where the sign-in page needs it).
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationFailure } from '../../../contract/schemas';

export interface ErrorExtra {
  errors?: Record<string, string>;
  service_provider_uuid?: string;
  url?: string;
  /** The numbers a refusal names (a delegate certificate's selection), at most a few. */
  numbers?: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route answers (404) for an id it does not find; also for an id its params schema refuses. */
    notFound?: string;
  }
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: ErrorExtra = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors ? { errors } : {});
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new HttpError(409, message, errors ? { errors } : {});

/** The 429 message of every rate limit, with the seconds until the next attempt is allowed. */
export const tooManyAttemptsMessage = (ttlMs: number) =>
  `Too many attempts. Please try again in ${Math.ceil(ttlMs / 1000)} seconds.`;

export function errorBody(statusCode: number, message: string, extra: ErrorExtra = {}) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}

export function errorHandler(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) {
    return reply.status(err.statusCode).send(errorBody(err.statusCode, err.message, err.extra));
  }
  if (err instanceof ValidationFailure) {
    return reply.status(400).send(errorBody(400, err.message, { errors: err.errors }));
  }
  if ((err as FastifyError).validationContext === 'params') {
    // An id in the path that cannot name anything (not a UUID, not a serial): what the route answers for an id it
    // does not find, so that a malformed id and a missing one read alike (docs/wire.md).
    const message = request.routeOptions.config.notFound ?? 'Not found';
    return reply.status(404).send(errorBody(404, message));
  }
  const status = (err as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own refusals: malformed JSON, wrong content type, body too large, rate limit...
    const message =
      (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError'
        ? 'Malformed JSON body'
        : err.message;
    return reply.status(status).send(errorBody(status, message));
  }
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send(errorBody(500, 'Something went wrong on our side. Please try again later.'));
}
