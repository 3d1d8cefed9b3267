// Where CR answers and CRLs are published as static objects for a web server or CDN to serve
// (docs/production.md, "Publishing for verifiers"). An origin stores bytes under a key such as `cr/<serial>.pem`
// or `crl/<issuer>.crl`; the directory origin is one, an object store can be another behind the same interface.

/** What a web server or CDN should answer with the object (an object store keeps them as the object's metadata). */
export interface ObjectMeta {
  contentType: string;
  cacheControl: string;
  /** When the content was made (a CRL's thisUpdate): a directory origin gives the file this time. */
  lastModified?: Date;
}

export interface Origin {
  /**
   * Stores `bytes` under `key`, replacing what was there at once (a reader sees the old object or the new one,
   * never part of one). Idempotent: the same bytes again change nothing. Answers whether anything was written.
   */
  put(key: string, bytes: Uint8Array, meta: ObjectMeta): Promise<boolean>;
  /** Removes the object at `key` if there is one (an expired certificate's chain). */
  remove?(key: string): Promise<void>;
}

/** The keys of the two kinds of objects: the paths verifiers fetch under the portal's URL. */
export const crKey = (serial: string) => `cr/${serial}.pem`;
export const crlKey = (issuerId: string) => `crl/${issuerId}.crl`;

/** One path segment of a key: no dot files (temporary files start with a dot), no `..`, no separators. */
const SEGMENT_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The segments of `key`; an error for a key that would leave the origin's folder or prefix, or name a dot file. */
export function keySegments(key: string): string[] {
  const segments = key.split('/');
  if (!segments.every((s) => SEGMENT_RE.test(s) && s !== '..'))
    throw new Error(`not an object key: "${key}"`);
  return segments;
}
