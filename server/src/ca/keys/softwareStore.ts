// The built-in key store: P-256 keys made in this process, kept only sealed under the KEK (the `ref` is the
// sealed blob), opened into non-extractable WebCrypto keys when signing.
import { generateKeyPairSync } from 'node:crypto';
import { type Signer, SoftwareSigner } from '../signer';
import { openPrivateKey, sealPrivateKey } from './kek';
import {
  type KeyHandle,
  type KeyStore,
  KeyStoreError,
  type PrivateKeyFormat,
  type StoredKey,
  assertKeyId,
  parsePrivateKeyPem,
  pkcs8Of,
  privateKeyPem,
  spkiOfKey,
} from './keyStore';

export interface SoftwareKeyStoreOptions {
  /** Signers kept open, so issuance does not decrypt and parse the CA key every time. */
  cacheSize?: number;
}

export class SoftwareKeyStore implements KeyStore {
  readonly kind = 'software' as const;
  private readonly kek: Buffer;
  private readonly cacheSize: number;
  private readonly signers = new Map<string, Promise<Signer>>();

  constructor(kek: Uint8Array, options: SoftwareKeyStoreOptions = {}) {
    if (kek.length !== 32) throw new KeyStoreError('the key-encryption key must be 32 bytes');
    this.kek = Buffer.from(kek);
    this.cacheSize = options.cacheSize ?? 32;
  }

  async generate(id: string): Promise<StoredKey> {
    assertKeyId(id);
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    return this.seal(
      id,
      pkcs8Of(privateKey),
      new Uint8Array(publicKey.export({ type: 'spki', format: 'der' })),
    );
  }

  async importPkcs8OrSec1(id: string, pem: string): Promise<StoredKey> {
    assertKeyId(id);
    const key = parsePrivateKeyPem(pem);
    return this.seal(id, pkcs8Of(key), spkiOfKey(key));
  }

  async signer(key: KeyHandle): Promise<Signer> {
    const cacheKey = `${key.id}\n${key.ref}`;
    const cached = this.signers.get(cacheKey);
    if (cached) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.signers.delete(cacheKey);
      this.signers.set(cacheKey, cached);
      return cached;
    }
    const opening = this.withPkcs8(key, (pkcs8) => SoftwareSigner.fromPkcs8(pkcs8));
    this.signers.set(cacheKey, opening);
    opening.catch(() => this.signers.delete(cacheKey));
    while (this.signers.size > this.cacheSize) {
      this.signers.delete(this.signers.keys().next().value as string);
    }
    return opening;
  }

  async exportPem(key: KeyHandle, format: PrivateKeyFormat = 'pkcs8'): Promise<string> {
    return this.withPkcs8(key, async (pkcs8) => privateKeyPem(pkcs8, format));
  }

  async destroy(key: KeyHandle): Promise<void> {
    // The sealed blob lives in the caller's row: deleting the row destroys the key. Forget the open signer.
    this.signers.delete(`${key.id}\n${key.ref}`);
  }

  async close(): Promise<void> {
    this.signers.clear();
  }

  private seal(id: string, pkcs8: Buffer, spki: Uint8Array): StoredKey {
    try {
      return { id, ref: sealPrivateKey(this.kek, pkcs8, id).toString('base64'), publicKeySpkiDer: spki };
    } finally {
      pkcs8.fill(0);
    }
  }

  private async withPkcs8<T>(key: KeyHandle, fn: (pkcs8: Buffer) => Promise<T>): Promise<T> {
    const pkcs8 = openPrivateKey(this.kek, Buffer.from(key.ref, 'base64'), key.id);
    try {
      return await fn(pkcs8);
    } finally {
      pkcs8.fill(0);
    }
  }
}
