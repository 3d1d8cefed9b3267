// The key-encryption key (KEK) and the AES-256-GCM envelope around every software private key, so that no
// private key is ever in the clear in the database or the data dir.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const KEK_FILE = 'key-encryption-key';
const KEK_BYTES = 32;
const VERSION = 0x01;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

export class KeyEncryptionError extends Error {
  override readonly name = 'KeyEncryptionError';
}

/** What the key store logs through: pino's and Fastify's loggers fit. */
export interface KeyStoreLog {
  warn(msg: string): void;
  info?(msg: string): void;
}

export interface KekOptions {
  /** KEY_ENCRYPTION_KEY: 32 bytes as 64 hex digits or as base64 / base64url. */
  configured?: string;
  dataDir: string;
  log: KeyStoreLog;
}

/** Decodes KEY_ENCRYPTION_KEY: hex first (64 digits), else base64; exactly 32 bytes either way. */
export function parseKeyEncryptionKey(value: string): Buffer {
  const text = value.trim();
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(text)) key = Buffer.from(text, 'hex');
  else if (/^[A-Za-z0-9+/\-_]+={0,2}$/.test(text)) key = Buffer.from(text, 'base64');
  if (!key || key.length !== KEK_BYTES) {
    throw new KeyEncryptionError(
      `KEY_ENCRYPTION_KEY must be ${KEK_BYTES} bytes, written as 64 hex digits or as base64 ` +
        `(e.g. the output of \`openssl rand -base64 32\`)` +
        (key ? `; it decodes to ${key.length} bytes` : '; it is neither hex nor base64'),
    );
  }
  return key;
}

/**
 * The configured KEK, or the one kept in `$DATA_DIR/key-encryption-key` (created once, mode 0600). A KEK next
 * to the keys it protects only guards against a leaked database dump, hence the warning.
 */
export function loadKeyEncryptionKey(options: KekOptions): Buffer {
  if (options.configured !== undefined && options.configured.trim() !== '') {
    return parseKeyEncryptionKey(options.configured);
  }
  const file = path.join(options.dataDir, KEK_FILE);
  fs.mkdirSync(options.dataDir, { recursive: true });
  let created = false;
  try {
    // `wx` fails if the file exists: two processes starting at once cannot overwrite each other's KEK.
    fs.writeFileSync(file, randomBytes(KEK_BYTES).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
    created = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  options.log.warn(
    `KEY_ENCRYPTION_KEY is not set: private keys are encrypted under the key ${created ? 'just generated into' : 'kept in'} ` +
      `${file}. Back that file up (keys cannot be recovered without it) and set KEY_ENCRYPTION_KEY explicitly in production.`,
  );
  try {
    return parseKeyEncryptionKey(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    if (e instanceof KeyEncryptionError) throw new KeyEncryptionError(`${file}: ${e.message}`);
    throw e;
  }
}

function assertKek(kek: Uint8Array): void {
  if (kek.length !== KEK_BYTES) {
    throw new KeyEncryptionError(`the key-encryption key must be ${KEK_BYTES} bytes`);
  }
}

// The version byte is authenticated with the caller's AAD, so a downgraded header cannot pass either.
const additionalData = (aad: string) => Buffer.concat([Buffer.of(VERSION), Buffer.from(aad, 'utf8')]);

/** AES-256-GCM: `version(1) | iv(12) | tag(16) | ciphertext`; `aad` (the key id) binds the blob to its row. */
export function sealPrivateKey(kek: Uint8Array, pkcs8: Uint8Array, aad: string): Buffer {
  assertKek(kek);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', kek, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(aad));
  const ciphertext = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), ciphertext]);
}

/** The PKCS#8 DER inside `sealed`; the caller should zero it once used. */
export function openPrivateKey(kek: Uint8Array, sealed: Uint8Array, aad: string): Buffer {
  assertKek(kek);
  const blob = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (blob.length <= HEADER_BYTES) throw new KeyEncryptionError('the sealed private key is truncated');
  if (blob[0] !== VERSION) {
    throw new KeyEncryptionError(`the sealed private key has an unknown format version ${blob[0]}`);
  }
  const iv = blob.subarray(1, 1 + IV_BYTES);
  const tag = blob.subarray(1 + IV_BYTES, HEADER_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', kek, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(additionalData(aad));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(blob.subarray(HEADER_BYTES)), decipher.final()]);
  } catch {
    // GCM cannot tell these apart, and saying which would help an attacker anyway.
    throw new KeyEncryptionError(
      `the sealed private key of "${aad}" could not be decrypted: the key-encryption key is not the one it was ` +
        'sealed with, the data was altered, or it belongs to another key',
    );
  }
}
