// The STI-PA simulator's request bodies: JSON, read by Fastify's own parser, and a refusal that says why a body is
// not JSON when the cause is a common one.
import type { FastifyInstance } from 'fastify';

/** A request body that is not JSON, refused saying why when the cause is a common one. */
export class NotJsonError extends Error {
  readonly statusCode = 400;
}

/**
 * JSON bodies, read by Fastify's own parser. A body that is not JSON is refused (as the STI-PA's API takes JSON); one
 * that writes Python's False or True, as a hand-written request may, is told so rather than guessed at.
 */
export function jsonBodies(sim: FastifyInstance): void {
  const parse = sim.getDefaultJsonParser('error', 'error');
  sim.removeContentTypeParser('application/json');
  sim.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parse(request, body as string, (err, value) => {
      if (!err) return done(null, value);
      const outsideStrings = String(body).replace(/"(?:[^"\\]|\\.)*"/g, '""');
      const python = /\b(?:False|True)\b/.test(outsideStrings);
      done(
        new NotJsonError(
          python
            ? "The request body is not JSON: write false and true, not Python's False and True"
            : 'The request body is not JSON',
        ),
        undefined,
      );
    }),
  );
}
