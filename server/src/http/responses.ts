// The answers with no fields of their own, beside the wire shapes of contract/wire/ (docs/wire.md). Every route
// declares its answers: a JSON schema is an allow-list (fields not in it never leave the server: hashes, keys,
// tokens), and a file route says what it sends.
import { Type } from '../../../contract/wire/kit';

/** `{ message }`: the sentence the UI shows. */
export const messageResponse = Type.Object({ message: Type.String() });

/** A file (PDF, PEM, DER, HTML page): sent as bytes, never serialized; the schema records what it is. */
export const fileResponse = (contentType: string) =>
  Type.Unsafe<string | Buffer>({ type: 'string', description: contentType });

/** An answer with no body (204, 304). */
export const emptyResponse = Type.Null();
