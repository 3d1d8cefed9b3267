// A route's request body is declared once, with the route: `config: { ...access(…), ...jsonBody(schema) }`. The
// handler reads it with `bodyOf(request, schema)`, which validates with that same yup schema (its messages are the
// screens'), and the API's document describes it from the declaration (openapi/routes.ts). Fastify's own body
// validation is not used: it would refuse a body before the rules could word why.
import type { FastifyRequest } from 'fastify';
import type * as yup from 'yup';
import { validate } from '../../../contract/schemas';

export interface BodyDeclaration {
  schema: yup.AnyObjectSchema;
  /** The body may be left out, and then reads as `{}`. */
  optional: boolean;
  /** A multipart/form-data body: its file fields, beside the schema's text fields. */
  files?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The request body's rules, for the handler and the API's document. */
    body?: BodyDeclaration;
  }
}

/** The route config of a JSON body: `{ config: { ...access(…), ...jsonBody(schema) } }`. */
export const jsonBody = (schema: yup.AnyObjectSchema, options: { optional?: boolean } = {}) => ({
  body: { schema, optional: options.optional === true } as BodyDeclaration,
});

/** The route config of a multipart/form-data body: text fields by the schema, and the named file fields. */
export const formBody = (schema: yup.AnyObjectSchema, files: readonly string[]) => ({
  body: { schema, optional: false, files } as BodyDeclaration,
});

/** The route's declared body, which must be ruled by `schema`: the handler and the document then cannot differ. */
export function declaredBody(request: FastifyRequest, schema: yup.AnyObjectSchema): BodyDeclaration {
  const declared = request.routeOptions.config.body;
  if (declared?.schema !== schema) {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    throw new Error(`Route ${route} reads a body with rules other than its config.body`);
  }
  return declared;
}

/** The JSON body, validated by the route's declared rules (`validate`: the forms' messages, a 400 naming fields). */
export async function bodyOf<S extends yup.AnyObjectSchema>(
  request: FastifyRequest,
  schema: S,
): Promise<yup.InferType<S>> {
  const declared = declaredBody(request, schema);
  // a required body is validated as sent, `null` too (refused as not an object)
  return validate(schema, declared.optional ? (request.body ?? {}) : request.body);
}
