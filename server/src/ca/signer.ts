// The CA signs through this narrow interface only, so a software key and a PKCS#11 key are interchangeable
// (step-ca's cas/apiv1 idea). The issuer never sees a private key.
import {
  KeyObject,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  sign,
  verify,
  webcrypto,
} from 'node:crypto';
import { type Binary, toArrayBuffer, toBytes } from './der';

/** ECDSA over P-256 with SHA-256: the only algorithm SHAKEN allows. */
export const ES256: EcdsaParams & EcKeyImportParams = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

export interface Signer {
  /** The public half, as WebCrypto's CryptoKey (what @peculiar/x509 reads the SPKI and algorithm from). */
  readonly publicKey: CryptoKey;
  readonly algorithm: typeof ES256;
  /** Signs `data` (hashing it with SHA-256) and returns the IEEE P1363 `r || s` form (64 bytes), as WebCrypto does. */
  sign(data: Uint8Array): Promise<Uint8Array>;
  /**
   * True once the signer has shown it signs correctly with this key (a pairwise-consistency test: sign, then
   * verify with the public key) and its signatures come from this process's OpenSSL. The issuer verifies every
   * signature of a signer without it, e.g. a device behind PKCS#11, as Go's x509.CreateCertificate does.
   */
  readonly selfTested?: boolean;
}

export class SignerError extends Error {
  override readonly name = 'SignerError';
}

function assertP256(key: CryptoKey, type: KeyType): void {
  const alg = key.algorithm as EcKeyAlgorithm;
  if (key.type !== type || alg.name !== 'ECDSA' || alg.namedCurve !== 'P-256') {
    throw new SignerError(
      `expected an ECDSA P-256 ${type} key, got ${key.type} ${alg.name} ${alg.namedCurve ?? ''}`.trim(),
    );
  }
}

/** A signer over a private key held in this process (the embedded default; keys encrypted at rest by the key store). */
export class SoftwareSigner implements Signer {
  readonly algorithm = ES256;
  /**
   * node:crypto's handle on the same key: a synchronous sign costs a fraction of a WebCrypto round trip. A
   * KeyObject exports whatever the CryptoKey's `extractable` says, so it sits in a #private field that only
   * sign() reads; the CryptoKey (non-extractable when loaded from storage) is what the rest of the class keeps.
   */
  readonly #signingKey: KeyObject;
  readonly #verifyingKey: KeyObject;
  #tested = false;

  private constructor(
    private readonly privateKey: CryptoKey,
    readonly publicKey: CryptoKey,
  ) {
    this.#signingKey = KeyObject.from(privateKey);
    this.#verifyingKey = KeyObject.from(publicKey);
  }

  get selfTested(): boolean {
    return this.#tested;
  }

  static async fromPrivateKey(privateKey: CryptoKey): Promise<SoftwareSigner> {
    assertP256(privateKey, 'private');
    if (!privateKey.usages.includes('sign'))
      throw new SignerError('the private key is not usable for signing');
    if (!privateKey.extractable)
      throw new SignerError('pass the public key: a non-extractable private key cannot give it');
    // The public point is in the private JWK; dropping `d` gives the public key without another input.
    const { d: _d, key_ops: _ops, ...jwk } = await webcrypto.subtle.exportKey('jwk', privateKey);
    const publicKey = await webcrypto.subtle.importKey('jwk', jwk, ES256, true, ['verify']);
    return new SoftwareSigner(privateKey, publicKey);
  }

  static fromKeyPair(keys: CryptoKeyPair): SoftwareSigner {
    assertP256(keys.privateKey, 'private');
    assertP256(keys.publicKey, 'public');
    return new SoftwareSigner(keys.privateKey, keys.publicKey);
  }

  /** Loads a PKCS#8 key as non-extractable: once in the signer, the key cannot be exported again by mistake. */
  static async fromPkcs8(pkcs8: Binary): Promise<SoftwareSigner> {
    const der = Buffer.from(toBytes(pkcs8));
    const spki = createPublicKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })).export({
      type: 'spki',
      format: 'der',
    });
    const privateKey = await webcrypto.subtle.importKey('pkcs8', toArrayBuffer(der), ES256, false, ['sign']);
    const publicKey = await webcrypto.subtle.importKey('spki', toArrayBuffer(spki), ES256, true, ['verify']);
    return SoftwareSigner.fromKeyPair({ privateKey, publicKey });
  }

  static async generate(): Promise<{ signer: SoftwareSigner; keys: CryptoKeyPair }> {
    const keys = await generateP256KeyPair();
    return { signer: SoftwareSigner.fromKeyPair(keys), keys };
  }

  async sign(data: Uint8Array): Promise<Uint8Array> {
    if (!this.#tested) this.#pairwiseConsistencyTest();
    return signEs256(this.#signingKey, data);
  }

  /** Before the first signature: a signature over a random message must verify with the public key. */
  #pairwiseConsistencyTest(): void {
    const probe = randomBytes(32);
    const signature = signEs256(this.#signingKey, probe);
    if (!verify('sha256', probe, { key: this.#verifyingKey, dsaEncoding: 'ieee-p1363' }, signature))
      throw new SignerError(
        'the private key does not match the public key (pairwise-consistency test failed)',
      );
    this.#tested = true;
  }
}

const signEs256 = (key: KeyObject, data: Uint8Array): Uint8Array =>
  sign('sha256', data, { key, dsaEncoding: 'ieee-p1363' });

/** A new extractable P-256 key pair (extractable so the key store can export it as PKCS#8 and encrypt it). */
export async function generateP256KeyPair(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ES256, true, ['sign', 'verify'])) as CryptoKeyPair;
}

/**
 * A WebCrypto whose `subtle.sign` goes to `signer`, for @peculiar/x509's generators (certificates, CRLs):
 * they take a `crypto` argument, so the library never needs the private key itself. Pass `signer.publicKey`
 * as their `signingKey`; only its algorithm is read.
 */
export function signerCrypto(signer: Signer): Crypto {
  const subtle = new Proxy(webcrypto.subtle, {
    get(target, prop) {
      if (prop === 'sign') {
        return async (algorithm: AlgorithmIdentifier | EcdsaParams, _key: CryptoKey, data: Binary) => {
          const hash = typeof algorithm === 'object' && 'hash' in algorithm ? algorithm.hash : undefined;
          const hashName = typeof hash === 'string' ? hash : hash?.name;
          if (hashName !== 'SHA-256')
            throw new SignerError(`this signer signs with SHA-256 only, asked for ${String(hashName)}`);
          return toArrayBuffer(await signer.sign(toBytes(data)));
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    subtle,
    getRandomValues: webcrypto.getRandomValues.bind(webcrypto),
    randomUUID: webcrypto.randomUUID.bind(webcrypto),
  } as unknown as Crypto;
}
