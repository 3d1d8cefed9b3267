import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ES256,
  type Signer,
  SignerError,
  SoftwareSigner,
  generateP256KeyPair,
  signerCrypto,
} from '../../server/src/ca/signer';

const spki = async (k: CryptoKey) => Buffer.from(await webcrypto.subtle.exportKey('spki', k)).toString('hex');
const data = new TextEncoder().encode('tbsCertificate');

describe('SoftwareSigner', () => {
  it('signs ES256 in the P1363 form that verifies with its public key', async () => {
    const { signer, keys } = await SoftwareSigner.generate();
    const sig = await signer.sign(data);
    expect(sig).toHaveLength(64);
    expect(await webcrypto.subtle.verify(ES256, keys.publicKey, sig, data)).toBe(true);
    expect(signer.algorithm).toEqual({ name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' });
  });

  it('proves its key pair before the first signature, and refuses to sign with a mismatched pair', async () => {
    const { signer } = await SoftwareSigner.generate();
    expect(signer.selfTested).toBe(false);
    await signer.sign(data);
    expect(signer.selfTested).toBe(true);
    const a = await generateP256KeyPair();
    const b = await generateP256KeyPair();
    const mismatched = SoftwareSigner.fromKeyPair({ privateKey: a.privateKey, publicKey: b.publicKey });
    await expect(mismatched.sign(data)).rejects.toThrow(/pairwise-consistency/);
    expect(mismatched.selfTested).toBe(false);
  });

  it('derives the public key from the private key alone', async () => {
    const keys = await generateP256KeyPair();
    const signer = await SoftwareSigner.fromPrivateKey(keys.privateKey);
    expect(await spki(signer.publicKey)).toBe(await spki(keys.publicKey));
  });

  it('loads PKCS#8 as a working signer for the same key', async () => {
    const keys = await generateP256KeyPair();
    const pkcs8 = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
    const signer = await SoftwareSigner.fromPkcs8(pkcs8);
    expect(await spki(signer.publicKey)).toBe(await spki(keys.publicKey));
    expect(await webcrypto.subtle.verify(ES256, keys.publicKey, await signer.sign(data), data)).toBe(true);
    await expect(SoftwareSigner.fromPkcs8(new Uint8Array([1, 2, 3]))).rejects.toThrow();
  });

  it('refuses keys that are not P-256 private keys', async () => {
    const p384 = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    await expect(SoftwareSigner.fromPrivateKey(p384.privateKey)).rejects.toThrow(SignerError);
    expect(() => SoftwareSigner.fromKeyPair(p384)).toThrow(SignerError);
    const p256 = await generateP256KeyPair();
    await expect(SoftwareSigner.fromPrivateKey(p256.publicKey)).rejects.toThrow(SignerError);
  });
});

describe('signerCrypto', () => {
  it('routes sign() to the signer and leaves the rest of WebCrypto alone', async () => {
    const seen: Uint8Array[] = [];
    const { signer: inner } = await SoftwareSigner.generate();
    const spy: Signer = {
      ...inner,
      publicKey: inner.publicKey,
      algorithm: inner.algorithm,
      sign: (d) => (seen.push(d), inner.sign(d)),
    };
    const crypto = signerCrypto(spy);
    const sig = await crypto.subtle.sign(ES256, spy.publicKey, data);
    expect(seen).toHaveLength(1);
    expect(Buffer.from(seen[0]).toString()).toBe('tbsCertificate');
    expect(await crypto.subtle.verify(ES256, spy.publicKey, sig, data)).toBe(true);
    expect(crypto.getRandomValues(new Uint8Array(8))).toHaveLength(8);
  });

  it('refuses any hash but SHA-256', async () => {
    const { signer } = await SoftwareSigner.generate();
    await expect(
      signerCrypto(signer).subtle.sign({ name: 'ECDSA', hash: 'SHA-384' }, signer.publicKey, data),
    ).rejects.toThrow(SignerError);
  });
});
