// The certificate repository (CR): GET /cr/<serial>.pem. Verifiers fetch it on every call, so a served chain
// is kept in an in-process LRU with its ETag: a repeated fetch costs no database read and no hashing.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db';
import { findPublishedChain } from './store';

export const CR_CONTENT_TYPE = 'application/pem-certificate-chain';
/** The longest max-age of a CR answer: a day, or the certificate's remaining life when shorter. */
export const MAX_AGE_CAP_S = 86_400;
const SERIAL_RE = /^[0-9a-f]{16,40}$/;

export interface CrEntry {
  pem: string;
  /** Quoted SHA-256 of the PEM. */
  etag: string;
  notAfterMs: number;
}

export interface CrAnswer {
  pem: string;
  etag: string;
  /** Seconds: the certificate's remaining life, at most one day. */
  maxAge: number;
}

/** A serial as the CR accepts it (lower-case hex); null for anything else. */
export function normalizeSerial(raw: string): string | null {
  const s = raw.toLowerCase();
  return SERIAL_RE.test(s) ? s : null;
}

export class CrCache {
  private readonly entries = new Map<string, CrEntry>();
  constructor(readonly capacity = 10_000) {}

  get(serial: string): CrEntry | undefined {
    const hit = this.entries.get(serial);
    if (hit) {
      // Most recently used last.
      this.entries.delete(serial);
      this.entries.set(serial, hit);
    }
    return hit;
  }

  set(serial: string, entry: CrEntry): void {
    this.entries.delete(serial);
    this.entries.set(serial, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  delete(serial: string): void {
    this.entries.delete(serial);
  }

  get size(): number {
    return this.entries.size;
  }
}

export function etagOf(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** Only PEM CERTIFICATE blocks ever leave the CR, whatever the column holds. */
export function certificatesOnly(pem: string): string | null {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  return blocks && blocks.length > 0 ? blocks.join('\n') + '\n' : null;
}

export interface CrService {
  /** The chain of a published, unexpired certificate, or null (unknown, malformed, pending, expired). */
  lookup(rawSerial: string, now: number): Promise<CrAnswer | null>;
  /** The answer from memory alone: undefined when the database must be asked. */
  peek(rawSerial: string, now: number): CrAnswer | null | undefined;
  readonly cache: CrCache;
}

export function createCrService(db: Queryable, capacity = 10_000): CrService {
  const cache = new CrCache(capacity);
  const answer = (e: CrEntry, now: number): CrAnswer | null => {
    const remaining = Math.floor((e.notAfterMs - now) / 1000);
    if (remaining <= 0) return null;
    return { pem: e.pem, etag: e.etag, maxAge: Math.min(remaining, MAX_AGE_CAP_S) };
  };
  return {
    cache,
    peek(rawSerial, now) {
      const serial = normalizeSerial(rawSerial);
      if (!serial) return null;
      const hit = cache.get(serial);
      if (!hit) return undefined;
      const a = answer(hit, now);
      if (!a) cache.delete(serial);
      return a;
    },
    async lookup(rawSerial, now) {
      const serial = normalizeSerial(rawSerial);
      if (!serial) return null;
      const hit = cache.get(serial);
      if (hit) {
        const a = answer(hit, now);
        if (!a) cache.delete(serial);
        return a;
      }
      const row = await findPublishedChain(db, serial);
      if (!row) return null;
      const pem = certificatesOnly(row.chain_pem);
      if (!pem) return null;
      const entry: CrEntry = { pem, etag: etagOf(pem), notAfterMs: new Date(row.not_after).getTime() };
      const a = answer(entry, now);
      if (a) cache.set(serial, entry);
      return a;
    },
  };
}

/** True when an If-None-Match header matches `etag` (a list, `*`, or weak forms). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
