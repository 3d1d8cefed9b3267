// pino options: secrets never reach the log (passwords, tokens, card fields, authorization headers).
import type { FastifyServerOptions } from 'fastify';

const SECRET_FIELDS = [
  'password',
  'password_extra',
  'confirm_password',
  'token',
  'accessToken',
  'number',
  'cvc',
  'exp_month',
  'exp_year',
  'sti_pa_password',
  'sign_file',
  'private_key',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...SECRET_FIELDS.map((f) => `*.*.${f}`),
];

/** Tokens that travel in a URL (email links, promo codes) are cut out of the logged URL. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/(?:confirm|reseller_token)\/)[^/?#]+/g, '$1[REDACTED]')
    .replace(/([?&](?:token|rc|uuid)=)[^&#]*/g, '$1[REDACTED]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip, reqId: req.id };
      },
    },
  };
}

/** The log services write to: pino's, which the HTTP server shares (no Fastify type needed outside HTTP code). */
export type Logger = import('fastify').FastifyBaseLogger;
