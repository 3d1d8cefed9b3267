// The pieces the wire shapes are made of (docs/wire.md). A shape is a TypeBox schema: one definition gives the
// route its JSON schema and both sides their TypeScript type (`Static<typeof Shape>`), so the two cannot drift.
// The web app imports these modules for their types only (lint refuses a value import): TypeBox stays out of the
// browser's bundle.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

export { Type, type Static, type TSchema };

/**
 * Text or null, written as JSON schema's list of types (`type: ['string', 'null']`) rather than TypeBox's `anyOf`
 * union: the response serializer writes it directly instead of trying each branch.
 */
export const NullableString = (options: { format?: string; description?: string } = {}) =>
  Type.Unsafe<string | null>({ ...options, type: ['string', 'null'] });

/** A moment on the wire: ISO 8601 text. A Date the server hands the serializer is written so. */
export const Timestamp = () => Type.String({ format: 'date-time' });
