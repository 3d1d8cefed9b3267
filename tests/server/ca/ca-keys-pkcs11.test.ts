// The PKCS#11 key store against SoftHSM2: keys made on the token, signed on it, never extractable.
import {
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  verify as verifySignature,
  webcrypto,
} from 'node:crypto';
import fs from 'node:fs';
import graphene from 'graphene-pk11';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createKeyStore,
  HSM_EXPORT_MESSAGE,
  KeyStoreError,
  P256_ONLY_MESSAGE,
  type Pkcs11KeyStore,
} from '../../../server/src/ca';
import {
  SOFTHSM,
  type SoftHsmToken,
  hasSoftHsm,
  initSoftHsmToken,
  softHsmKeyStoreConfig,
  softHsmMissing,
} from './softhsm';
import { shakenLeafSignedThrough } from '../../unit/ca-store-fixtures';

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

const title = `PKCS#11 key store on SoftHSM2${hasSoftHsm ? '' : `: ${softHsmMissing}`}`;

describe.skipIf(!hasSoftHsm)(title, () => {
  let token: SoftHsmToken | undefined;
  let dir: string;
  let slotId: number;
  let store: Pkcs11KeyStore;
  const log = { warn: vi.fn(), info: vi.fn() };
  const config = softHsmKeyStoreConfig;

  beforeAll(async () => {
    token = initSoftHsmToken();
    dir = token.dir;
    slotId = token.slotId;
    store = (await createKeyStore(config(), { dataDir: path.join(dir, 'data'), log })) as Pkcs11KeyStore;
  });

  afterAll(async () => {
    await store?.close();
    token?.remove();
  });

  it('opens the first slot with a token, logged in, without touching the data dir', () => {
    expect(store.kind).toBe('pkcs11');
    expect(store.tokenLabel).toBe('test');
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining('"test"'));
    expect(fs.existsSync(path.join(dir, 'data'))).toBe(false);
  });

  it('generates a P-256 key on the token and signs there: node:crypto verifies it', async () => {
    const key = await store.generate('ca-key-1');
    expect(key.ref).toMatch(/^[0-9a-f]{32}$/);
    const pub = createPublicKey({ key: Buffer.from(key.publicKeySpkiDer), format: 'der', type: 'spki' });
    expect(pub.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const signer = await store.signer(key);
    expect(new Uint8Array(await webcrypto.subtle.exportKey('spki', signer.publicKey))).toEqual(
      key.publicKeySpkiDer,
    );
    const data = randomBytes(300);
    const signature = await signer.sign(data);
    expect(signature.length).toBe(64);
    expect(verifies(key.publicKeySpkiDer, data, signature)).toBe(true);
    // Concurrent signatures queue on the one session.
    const many = await Promise.all([1, 2, 3, 4, 5].map(() => signer.sign(data)));
    for (const s of many) expect(verifies(key.publicKeySpkiDer, data, s)).toBe(true);
  });

  it('keeps the private key sensitive and non-extractable, and refuses to export it', async () => {
    const key = await store.generate('ca-key-2');
    expect(await store.privateKeyAttributes(key)).toMatchObject({
      sensitive: true,
      extractable: false,
      alwaysSensitive: true,
      neverExtractable: true,
      token: true,
      private: true,
      label: 'ca-key-2',
    });
    // Asked directly, the token will not give the private value out.
    const module = graphene.Module.load(SOFTHSM);
    module.initialize(); // shares the store's initialization (CKR_CRYPTOKI_ALREADY_INITIALIZED is ignored)
    const session = module.getSlots(0, true).open(graphene.SessionFlag.SERIAL_SESSION);
    try {
      const found = session.find({
        class: graphene.ObjectClass.PRIVATE_KEY,
        id: Buffer.from(key.ref, 'hex'),
      });
      expect(found.length).toBe(1);
      expect(() => found.items(0).getAttribute({ value: null })).toThrow(/CKR_ATTRIBUTE_SENSITIVE/);
    } finally {
      session.close();
    }
    await expect(store.exportPem(key)).rejects.toThrow(HSM_EXPORT_MESSAGE);
    await expect(store.exportPem(key, 'sec1')).rejects.toThrow(KeyStoreError);
  });

  it('keeps keys on the token across sessions', async () => {
    const key = await store.generate('ca-key-3');
    await store.close();
    store = (await createKeyStore(config(), { dataDir: path.join(dir, 'data'), log })) as Pkcs11KeyStore;
    const data = randomBytes(32);
    expect(verifies(key.publicKeySpkiDer, data, await (await store.signer(key)).sign(data))).toBe(true);
  });

  it('destroy removes both objects; a ref under another id is refused', async () => {
    const key = await store.generate('ca-key-4');
    await expect(store.signer({ id: 'someone-else', ref: key.ref })).rejects.toThrow(/does not belong/);
    await store.destroy(key);
    await expect(store.signer(key)).rejects.toThrow(/not on the token/);
    await expect(store.privateKeyAttributes(key)).rejects.toThrow(/not on the token/);
  });

  it('imports a P-256 key as a sensitive, non-extractable token object; other curves refused', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const expected = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
    const key = await store.importPkcs8OrSec1(
      'imported',
      privateKey.export({ type: 'sec1', format: 'pem' }) as string,
    );
    expect(Buffer.from(key.publicKeySpkiDer).equals(expected)).toBe(true);
    // Sensitive and non-extractable from now on; the token says truthfully that it once was not.
    expect(await store.privateKeyAttributes(key)).toMatchObject({
      sensitive: true,
      extractable: false,
      alwaysSensitive: false,
      neverExtractable: false,
    });
    const data = randomBytes(64);
    expect(verifies(key.publicKeySpkiDer, data, await (await store.signer(key)).sign(data))).toBe(true);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey;
    await expect(
      store.importPkcs8OrSec1('p384', p384.export({ type: 'pkcs8', format: 'pem' }) as string),
    ).rejects.toThrow(P256_ONLY_MESSAGE);
  });

  it('signs a SHAKEN certificate as the CA, from the token, that passes the lint', async () => {
    const { verifies, errors } = await shakenLeafSignedThrough(store);
    expect(verifies).toBe(true);
    expect(errors).toEqual([]);
  });

  it('takes PKCS11_SLOT as a slot id or as an index among the slots with a token', async () => {
    expect(slotId).toBeGreaterThan(0);
    for (const pkcs11Slot of [slotId, 0]) {
      const other = (await createKeyStore(
        { ...config(), pkcs11Slot },
        { dataDir: dir, log },
      )) as Pkcs11KeyStore;
      expect(other.tokenLabel).toBe('test');
      await other.close();
    }
  });

  it('refuses a wrong PIN, a missing PIN and an unknown slot clearly', async () => {
    // While a session is logged in, the token answers CKR_USER_ALREADY_LOGGED_IN to any PIN: the store checks it.
    await expect(createKeyStore({ ...config(), pkcs11Pin: '0000' }, { dataDir: dir, log })).rejects.toThrow(
      /login failed: CKR_PIN_INCORRECT/,
    );
    const second = await createKeyStore(config(), { dataDir: dir, log });
    await second.close();
    await store.close();
    await expect(createKeyStore({ ...config(), pkcs11Pin: '0000' }, { dataDir: dir, log })).rejects.toThrow(
      /login failed: CKR_PIN_INCORRECT/,
    );
    await expect(
      createKeyStore({ ...config(), pkcs11Pin: undefined }, { dataDir: dir, log }),
    ).rejects.toThrow(/PKCS11_PIN is required/);
    await expect(createKeyStore({ ...config(), pkcs11Slot: 7 }, { dataDir: dir, log })).rejects.toThrow(
      /PKCS11_SLOT 7 is neither/,
    );
    store = (await createKeyStore(config(), { dataDir: dir, log })) as Pkcs11KeyStore;
    await store.generate('after-wrong-pin');
  });
});
