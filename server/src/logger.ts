// pino options: secrets never reach the log (passwords, tokens, card fields, authorization headers).
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { prettyFactory as PrettyFactory } from 'pino-pretty';

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

/**
 * Where the log goes: stdout, written synchronously. Nothing is left to flush at exit, so a reader of stdout that
 * is gone (a closed pipe) cannot hold the process: pino's asynchronous stream retries a failed write forever in
 * its exit flush. A broken pipe turns the log off (pino's own handling of EPIPE); other write errors drop the line.
 */
export function logDestination(fd = 1) {
  const stream = pino.destination({ dest: fd, sync: true });
  stream.on('error', () => undefined);
  return stream;
}

/** LOG_FORMAT: `pretty` (readable lines) or `json` (one object a line, for log collectors). */
export type LogFormat = 'pretty' | 'json';

/** What LOG_FORMAT says, else readable lines in a terminal and JSON when stdout goes to a pipe or a file. */
export function logFormat(
  configured: LogFormat | undefined,
  isTerminal = Boolean(process.stdout.isTTY),
): LogFormat {
  return configured ?? (isTerminal ? 'pretty' : 'json');
}

/** The destination as pino sees it: something with a synchronous write of one JSON line. */
interface LineSink {
  write(line: string): unknown;
}

/**
 * Readable lines: each JSON line pino wrote (already redacted) is formatted and written at once, in this thread.
 * pino-pretty's own stream pipes lines through stream buffers (and its transport through a worker), which would
 * bring back what logDestination avoids: lines still waiting at exit.
 */
export function prettyStream(destination: LineSink, opts: { colorize?: boolean } = {}): LineSink {
  // pino-pretty is loaded only for readable lines (a JSON log does without its module loading at start).
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as {
    prettyFactory: typeof PrettyFactory;
  };
  const pretty = prettyFactory({
    colorize: opts.colorize ?? false,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return { write: (line: string) => destination.write(pretty(line)) };
}

/** Where the server's log goes in the given format: stdout, as JSON or as readable (coloured) lines. */
export function logStream(format: LogFormat, fd = 1): LineSink {
  const destination = logDestination(fd);
  return format === 'pretty'
    ? prettyStream(destination, { colorize: Boolean(process.stdout.isTTY) })
    : destination;
}

/** The log services write to: pino's, which the HTTP server shares (no Fastify type needed outside HTTP code). */
export type Logger = import('fastify').FastifyBaseLogger;

/** The server's log at `level`, in the LOG_FORMAT asked for (else as logFormat decides). */
export function createLogger(level: string, format: LogFormat | undefined): Logger {
  return pino(loggerOptions(level) as pino.LoggerOptions, logStream(logFormat(format))) as Logger;
}
