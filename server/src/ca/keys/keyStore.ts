// Key storage behind an interface we own: the software store (sealed under the KEK) and the PKCS#11 store (in
// an HSM) are interchangeable, as step-ca keeps its signers. Nothing here reads the environment.
import { type KeyObject, createPrivateKey, createPublicKey } from 'node:crypto';
import type { Signer } from '../signer';

/** The file name a downloaded private key gets. */
export const PRIVATE_KEY_FILENAME = 'stir_private_key.pem';

export const P256_ONLY_MESSAGE = 'Only P-256 (prime256v1) keys can be used for SHAKEN certificates';
export const HSM_EXPORT_MESSAGE = 'Keys kept in the HSM cannot be downloaded';

export type PrivateKeyFormat = 'pkcs8' | 'sec1';

/** A key as a database row holds it: our id and the store's reference. */
export interface KeyHandle {
  /** Our key id (e.g. the provider key's or CA's UUID). Software: the AAD of the sealed blob; PKCS#11: CKA_LABEL. */
  id: string;
  /** Software: the sealed blob, base64. PKCS#11: the token objects' CKA_ID, hex. Never a private key in the clear. */
  ref: string;
}

export interface StoredKey extends KeyHandle {
  /** The public key, DER SubjectPublicKeyInfo. */
  publicKeySpkiDer: Uint8Array;
}

export interface KeyStore {
  readonly kind: 'software' | 'pkcs11';
  /** A new P-256 key pair. */
  generate(id: string): Promise<StoredKey>;
  /** An existing P-256 key, PEM PKCS#8 (`PRIVATE KEY`) or SEC1 (`EC PRIVATE KEY`); other curves and encrypted PEMs refused. */
  importPkcs8OrSec1(id: string, pem: string): Promise<StoredKey>;
  signer(key: KeyHandle): Promise<Signer>;
  /** The private key as PEM, PKCS#8 by default; the PKCS#11 store refuses. */
  exportPem(key: KeyHandle, format?: PrivateKeyFormat): Promise<string>;
  destroy(key: KeyHandle): Promise<void>;
  close(): Promise<void>;
}

/** A refusal worth showing to the user as it is (bad input, policy); anything else is a server fault. */
export class KeyStoreError extends Error {
  override readonly name = 'KeyStoreError';
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** Parses an uploaded private key and checks it is an unencrypted P-256 key. */
export function parsePrivateKeyPem(pem: string): KeyObject {
  const blocks = [...pem.matchAll(PEM_BLOCK)].map((m) => ({ label: m[1], body: m[0], headers: m[2] }));
  if (
    blocks.some((b) => b.label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:\s*4,\s*ENCRYPTED/i.test(b.headers))
  ) {
    throw new KeyStoreError(
      'The private key is encrypted with a passphrase: upload it unencrypted ' +
        '(e.g. `openssl pkey -in key.pem -out plain.pem`); it is encrypted again before it is stored',
    );
  }
  // `openssl ecparam -genkey` writes an EC PARAMETERS block first; only the key block matters.
  const block = blocks.find((b) => b.label === 'PRIVATE KEY' || b.label === 'EC PRIVATE KEY');
  if (!block) {
    if (blocks.some((b) => /^(RSA|DSA|OPENSSH) PRIVATE KEY$/.test(b.label))) {
      throw new KeyStoreError(P256_ONLY_MESSAGE);
    }
    throw new KeyStoreError(
      'No private key found: upload a PEM file with a "BEGIN PRIVATE KEY" or "BEGIN EC PRIVATE KEY" block',
    );
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: block.body, format: 'pem' });
  } catch {
    throw new KeyStoreError('The private key could not be read: the PEM is damaged or not a private key');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new KeyStoreError(P256_ONLY_MESSAGE);
  }
  return key;
}

export const pkcs8Of = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'der' });
export const spkiOfKey = (key: KeyObject) =>
  new Uint8Array(createPublicKey(key).export({ type: 'spki', format: 'der' }));

/** PKCS#8 DER → PEM in the asked format (SEC1 is `EC PRIVATE KEY`, what some SHAKEN tools still want). */
export function privateKeyPem(pkcs8: Uint8Array, format: PrivateKeyFormat = 'pkcs8'): string {
  const key = createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
  if (format === 'pkcs8') return key.export({ type: 'pkcs8', format: 'pem' }) as string;
  if (format === 'sec1') return key.export({ type: 'sec1', format: 'pem' }) as string;
  throw new KeyStoreError(`Unknown private key format "${String(format)}": use "pkcs8" or "sec1"`);
}

export function assertKeyId(id: string): void {
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) {
    throw new KeyStoreError('a key id must be a non-empty string of at most 128 characters');
  }
}
