// Pieces of response schemas. Every route declares its answers: a JSON schema is an allow-list (fields not in it
// never leave the server: hashes, keys, tokens), and a file route says what it sends.

export const str = { type: 'string' } as const;
export const nullableStr = { type: ['string', 'null'] } as const;
export const num = { type: 'number' } as const;
export const bool = { type: 'boolean' } as const;

/** An object of these fields (only they leave the server). */
export const object = <P extends Record<string, unknown>>(properties: P) =>
  ({ type: 'object', properties }) as const;

/** An array of these items: a list's answer. */
export const arrayOf = <I>(items: I) => ({ type: 'array', items }) as const;

/** `{ message }`: the sentence the UI shows. */
export const messageResponse = { type: 'object', properties: { message: str } } as const;

/** A file (PDF, PEM, DER, HTML page): sent as bytes, never serialized; the schema records what it is. */
export const fileResponse = (contentType: string) => ({ type: 'string', description: contentType }) as const;

/** An answer with no body (204). */
export const emptyResponse = { type: 'null' } as const;
