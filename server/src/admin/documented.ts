// A route schema with its description: what the route does, read by whoever documents the API from the schemas;
// with the params schema of the ids in its path and its query string's schema where it has them (docs/wire.md).
import type { FastifySchema } from 'fastify';
import type { TSchema } from '../../../contract/wire/kit';

export const documented = (
  description: string,
  response: Record<number, unknown>,
  parts: { params?: TSchema; querystring?: TSchema } = {},
): FastifySchema => ({ description, ...parts, response }) as FastifySchema;
