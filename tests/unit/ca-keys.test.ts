import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  verify as verifySignature,
  webcrypto,
} from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  KEK_FILE,
  KeyEncryptionError,
  KeyStoreError,
  P256_ONLY_MESSAGE,
  PRIVATE_KEY_FILENAME,
  SoftwareKeyStore,
  createKeyStore,
  loadKeyEncryptionKey,
  openPrivateKey,
  sealPrivateKey,
} from '../../server/src/ca/keys';
import { shakenLeafSignedThrough } from './ca-store-fixtures';

const tmpDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'ca-keys-'));
  tmpDirs.push(dir);
  return dir;
};
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const silentLog = () => ({ warn: vi.fn(), info: vi.fn() });
const pemOf = (type: 'pkcs8' | 'sec1', key: ReturnType<typeof generateKeyPairSync>['privateKey']) =>
  key.export({ type, format: 'pem' }) as string;
const spkiHex = (pem: string) =>
  createPublicKey(createPrivateKey(pem)).export({ type: 'spki', format: 'der' }).toString('hex');
/** The private scalar `d` of a PEM key, to look for it where it must not be. */
const scalarOf = (pem: string) =>
  Buffer.from(createPrivateKey(pem).export({ format: 'jwk' }).d as string, 'base64url');
const verifies = (spki: Uint8Array, data: Uint8Array, rs: Uint8Array) =>
  verifySignature(
    'sha256',
    data,
    {
      key: createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' }),
      dsaEncoding: 'ieee-p1363',
    },
    rs,
  );

describe('sealPrivateKey / openPrivateKey', () => {
  const kek = randomBytes(32);
  const secret = randomBytes(138);

  it('round-trips and lays out version | iv | tag | ciphertext', () => {
    const sealed = sealPrivateKey(kek, secret, 'key-1');
    expect(sealed[0]).toBe(1);
    expect(sealed.length).toBe(1 + 12 + 16 + secret.length);
    expect(openPrivateKey(kek, sealed, 'key-1').equals(secret)).toBe(true);
    // A fresh IV each time.
    expect(sealPrivateKey(kek, secret, 'key-1').equals(sealed)).toBe(false);
  });

  it('refuses a tampered blob, another row’s id, another KEK, a truncated blob and an unknown version', () => {
    const sealed = sealPrivateKey(kek, secret, 'key-1');
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    expect(() => openPrivateKey(kek, tampered, 'key-1')).toThrow(/could not be decrypted/);
    const tag = Buffer.from(sealed);
    tag[20] ^= 1;
    expect(() => openPrivateKey(kek, tag, 'key-1')).toThrow(KeyEncryptionError);
    expect(() => openPrivateKey(kek, sealed, 'key-2')).toThrow(/belongs to another key/);
    expect(() => openPrivateKey(randomBytes(32), sealed, 'key-1')).toThrow(
      /key-encryption key is not the one/,
    );
    expect(() => openPrivateKey(kek, sealed.subarray(0, 29), 'key-1')).toThrow(/truncated/);
    const v2 = Buffer.from(sealed);
    v2[0] = 2;
    expect(() => openPrivateKey(kek, v2, 'key-1')).toThrow(/unknown format version 2/);
    expect(() => sealPrivateKey(randomBytes(16), secret, 'key-1')).toThrow(/32 bytes/);
  });
});

describe('loadKeyEncryptionKey', () => {
  const raw = randomBytes(32);

  it('takes KEY_ENCRYPTION_KEY as base64, base64url or hex', () => {
    const log = silentLog();
    const dataDir = tempDir();
    for (const configured of [
      raw.toString('base64'),
      raw.toString('base64url'),
      raw.toString('hex'),
      ` ${raw.toString('hex').toUpperCase()}\n`,
    ]) {
      expect(loadKeyEncryptionKey({ configured, dataDir, log }).equals(raw)).toBe(true);
    }
    expect(log.warn).not.toHaveBeenCalled();
    expect(fs.existsSync(path.join(dataDir, KEK_FILE))).toBe(false);
  });

  it('refuses a key that is not 32 bytes, with the reason', () => {
    const opts = { dataDir: tempDir(), log: silentLog() };
    expect(() => loadKeyEncryptionKey({ ...opts, configured: randomBytes(16).toString('base64') })).toThrow(
      /must be 32 bytes.*decodes to 16 bytes/,
    );
    expect(() => loadKeyEncryptionKey({ ...opts, configured: randomBytes(48).toString('hex') })).toThrow(
      /must be 32 bytes/,
    );
    expect(() => loadKeyEncryptionKey({ ...opts, configured: 'not a key!' })).toThrow(
      /neither hex nor base64/,
    );
  });

  it('without one, generates it once into $DATA_DIR (0600), warns, and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const log = silentLog();
    const first = loadKeyEncryptionKey({ dataDir, log });
    const file = path.join(dataDir, KEK_FILE);
    expect(first.length).toBe(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/Back that file up.*set KEY_ENCRYPTION_KEY/));
    const mtime = fs.statSync(file).mtimeMs;
    expect(loadKeyEncryptionKey({ dataDir, log }).equals(first)).toBe(true);
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});

describe('SoftwareKeyStore', () => {
  let store: SoftwareKeyStore;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDir();
    const created = await createKeyStore(
      { keyEncryptionKey: undefined, pkcs11Module: undefined, pkcs11Pin: undefined, pkcs11Slot: undefined },
      { dataDir, log: silentLog() },
    );
    expect(created.kind).toBe('software');
    store = created as SoftwareKeyStore;
  });
  afterAll(() => store.close());

  it('generates a P-256 key whose signer signs what node:crypto verifies against the SPKI', async () => {
    const key = await store.generate('provider-key-1');
    expect(key.id).toBe('provider-key-1');
    const pub = createPublicKey({ key: Buffer.from(key.publicKeySpkiDer), format: 'der', type: 'spki' });
    expect(pub.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const signer = await store.signer(key);
    const data = new TextEncoder().encode('tbsCertificate');
    const signature = await signer.sign(data);
    expect(signature.length).toBe(64);
    expect(verifies(key.publicKeySpkiDer, data, signature)).toBe(true);
    expect(new Uint8Array(await webcrypto.subtle.exportKey('spki', signer.publicKey))).toEqual(
      key.publicKeySpkiDer,
    );
    // Cached by ref: issuance does not decrypt again.
    expect(await store.signer(key)).toBe(signer);
  });

  it('keeps the most recently used signers open (LRU), and forgets destroyed ones', async () => {
    const small = new SoftwareKeyStore(randomBytes(32), { cacheSize: 2 });
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((id) => small.generate(id)));
    const sa = await small.signer(a);
    const sb = await small.signer(b);
    expect(await small.signer(a)).toBe(sa); // a is now the most recent
    await small.signer(c); // evicts b
    expect(await small.signer(a)).toBe(sa);
    expect(await small.signer(b)).not.toBe(sb);
    await small.destroy(a);
    expect(await small.signer(a)).not.toBe(sa);
  });

  it('opens a signer whose private key cannot be exported', async () => {
    const key = await store.generate('ca-key-1');
    const signer = await store.signer(key);
    const priv = (signer as unknown as { privateKey: CryptoKey }).privateKey;
    expect(priv.extractable).toBe(false);
    await expect(webcrypto.subtle.exportKey('pkcs8', priv)).rejects.toThrow();
  });

  it('exports PKCS#8 by default and SEC1 on request, both the same key', async () => {
    const key = await store.generate('provider-key-2');
    const pkcs8 = await store.exportPem(key);
    const sec1 = await store.exportPem(key, 'sec1');
    expect(pkcs8).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(sec1).toMatch(/^-----BEGIN EC PRIVATE KEY-----\n/);
    const expected = Buffer.from(key.publicKeySpkiDer).toString('hex');
    expect(spkiHex(pkcs8)).toBe(expected);
    expect(spkiHex(sec1)).toBe(expected);
    expect(PRIVATE_KEY_FILENAME).toBe('stir_private_key.pem');
    await expect(store.exportPem(key, 'pem' as never)).rejects.toThrow(/Unknown private key format/);
  });

  it('keeps nothing in the clear: the ref is sealed and holds neither the scalar nor the PKCS#8', async () => {
    const key = await store.generate('provider-key-3');
    const pem = await store.exportPem(key);
    const d = scalarOf(pem);
    const pkcs8 = createPrivateKey(pem).export({ type: 'pkcs8', format: 'der' });
    const sealed = Buffer.from(key.ref, 'base64');
    expect(sealed[0]).toBe(1);
    expect(sealed.includes(d)).toBe(false);
    expect(sealed.includes(pkcs8.subarray(0, 16))).toBe(false);
    expect(key.ref.includes(d.toString('base64'))).toBe(false);
    // Nor in the data dir: it holds only the KEK.
    expect(fs.readdirSync(dataDir)).toEqual([KEK_FILE]);
    // A ref moved to another row does not open.
    await expect(store.signer({ id: 'provider-key-4', ref: key.ref })).rejects.toThrow(
      /belongs to another key/,
    );
  });

  it('imports P-256 keys as PKCS#8 and SEC1 (also after an EC PARAMETERS block)', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const expected = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('hex');
    const sec1 = pemOf('sec1', privateKey);
    for (const pem of [
      pemOf('pkcs8', privateKey),
      sec1,
      `-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n${sec1}`,
    ]) {
      const key = await store.importPkcs8OrSec1('imported', pem);
      expect(Buffer.from(key.publicKeySpkiDer).toString('hex')).toBe(expected);
      expect(Buffer.from(key.ref, 'base64').includes(scalarOf(sec1))).toBe(false);
      const data = randomBytes(100);
      expect(verifies(key.publicKeySpkiDer, data, await (await store.signer(key)).sign(data))).toBe(true);
      expect(spkiHex(await store.exportPem(key, 'sec1'))).toBe(expected);
    }
  });

  it('refuses other curves and key types with the P-256 message', async () => {
    const others = [
      generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey,
      generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey,
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
      generateKeyPairSync('ed25519').privateKey,
    ];
    for (const key of others) {
      await expect(store.importPkcs8OrSec1('other', pemOf('pkcs8', key))).rejects.toThrow(P256_ONLY_MESSAGE);
    }
    await expect(store.importPkcs8OrSec1('other', pemOf('sec1', others[0]))).rejects.toThrow(
      P256_ONLY_MESSAGE,
    );
    await expect(store.importPkcs8OrSec1('other', pemOf('sec1', others[1]))).rejects.toThrow(
      P256_ONLY_MESSAGE,
    );
    const rsaPkcs1 = others[2].export({ type: 'pkcs1', format: 'pem' }) as string;
    await expect(store.importPkcs8OrSec1('other', rsaPkcs1)).rejects.toThrow(P256_ONLY_MESSAGE);
  });

  it('refuses encrypted PEMs, public keys and garbage with a clear message', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const encrypted = privateKey.export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'secret',
    }) as string;
    const legacyEncrypted = privateKey.export({
      type: 'sec1',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'secret',
    }) as string;
    expect(legacyEncrypted).toMatch(/Proc-Type: 4,ENCRYPTED/);
    for (const pem of [encrypted, legacyEncrypted]) {
      await expect(store.importPkcs8OrSec1('enc', pem)).rejects.toThrow(/encrypted with a passphrase/);
    }
    await expect(
      store.importPkcs8OrSec1('pub', publicKey.export({ type: 'spki', format: 'pem' }) as string),
    ).rejects.toThrow(/No private key found/);
    await expect(
      store.importPkcs8OrSec1('bad', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'),
    ).rejects.toThrow(KeyStoreError);
  });

  it('a KEK from config decrypts what it sealed; another KEK does not', async () => {
    const kek = randomBytes(32).toString('base64');
    const opts = { pkcs11Module: undefined, pkcs11Pin: undefined, pkcs11Slot: undefined };
    const a = await createKeyStore(
      { ...opts, keyEncryptionKey: kek },
      { dataDir: tempDir(), log: silentLog() },
    );
    const key = await a.generate('k');
    const b = await createKeyStore(
      { ...opts, keyEncryptionKey: kek },
      { dataDir: tempDir(), log: silentLog() },
    );
    expect(spkiHex(await b.exportPem(key))).toBe(Buffer.from(key.publicKeySpkiDer).toString('hex'));
    const other = new SoftwareKeyStore(randomBytes(32));
    await expect(other.signer(key)).rejects.toThrow(/could not be decrypted/);
  });

  it('signs a SHAKEN certificate as the CA that passes the lint', async () => {
    const { verifies, errors } = await shakenLeafSignedThrough(store);
    expect(verifies).toBe(true);
    expect(errors).toEqual([]);
  });
});
