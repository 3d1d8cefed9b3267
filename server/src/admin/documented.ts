// A route schema with its description: what the route does, read by whoever documents the API from the schemas.
import type { FastifySchema } from 'fastify';

export const documented = (description: string, response: Record<number, unknown>): FastifySchema =>
  ({ description, response }) as FastifySchema;
