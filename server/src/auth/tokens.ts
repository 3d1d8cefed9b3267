// Session tokens: HS256 JWTs signed by this server, algorithm pinned, secret from config or generated once.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import { roleOf } from '../../../contract/constants';
import type { TokenClaims } from '../../../contract/api';

const ALG = 'HS256';
/** A token whose signature checked is believed for this long (never past its expiry) without checking it again. */
const VERIFIED_MS = 5_000;
/** The most tokens remembered as checked; past it the memory starts over. */
const VERIFIED_MAX = 10_000;

export interface TokenService {
  sign(claims: Omit<TokenClaims, 'exp' | 'iat'>, ttlSeconds: number): Promise<string>;
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** JWT_SECRET when set; else the secret kept in `$DATA_DIR/jwt-secret`, created on first start (mode 0600). */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

export function createTokenService(secret: Uint8Array, now: () => Date = () => new Date()): TokenService {
  // Given the raw secret, jose imports it into a WebCrypto key on every call: imported once, every request that
  // carries a token saves that work.
  let imported: Promise<CryptoKey> | undefined;
  const key = () =>
    (imported ??= crypto.subtle.importKey(
      'raw',
      new Uint8Array(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  const verified = new Map<string, { claims: TokenClaims; until: number }>();
  return {
    async sign(claims, ttlSeconds) {
      const iat = Math.floor(now().getTime() / 1000);
      const { sub, ...rest } = claims;
      return new SignJWT({ ...rest })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(await key());
    },
    async verify(token) {
      // The same token comes with each request of a signed-in page: its signature is checked once, and again
      // after VERIFIED_MS (its bytes cannot change; whether its session still stands is checked apart).
      const at = now().getTime();
      const known = verified.get(token);
      if (known && known.until > at) return { ...known.claims };
      try {
        const { payload } = await jwtVerify(token, await key(), { algorithms: [ALG], currentDate: now() });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
        const claims = { ...(payload as unknown as TokenClaims), type: roleOf(payload.type) };
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, { claims, until: Math.min(at + VERIFIED_MS, payload.exp * 1000) });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
