// Session tokens: HS256 JWTs signed by this server, algorithm pinned, secret from config or generated once.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import { roleOf } from '../../../contract/constants';
import type { TokenClaims } from '../../../contract/api';

const ALG = 'HS256';

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
      try {
        const { payload } = await jwtVerify(token, await key(), { algorithms: [ALG], currentDate: now() });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
        return { ...(payload as unknown as TokenClaims), type: roleOf(payload.type) };
      } catch {
        return null;
      }
    },
  };
}
