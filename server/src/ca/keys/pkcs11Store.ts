// Keys in an HSM through PKCS#11 (graphene-pk11 over pkcs11js). Private keys are token objects created
// sensitive and non-extractable: they never leave the token, signing happens on it (CKM_ECDSA over our
// SHA-256 digest), and `ref` is only the objects' CKA_ID.
import { createHash, randomBytes, timingSafeEqual, webcrypto } from 'node:crypto';
import graphene from 'graphene-pk11';
import type { Module, PrivateKey, PublicKey, Session, SessionObject, Slot } from 'graphene-pk11';
import { toArrayBuffer } from '../der';
import { ES256, type Signer } from '../signer';
import type { KeyStoreLog } from './kek';
import {
  HSM_EXPORT_MESSAGE,
  type KeyHandle,
  type KeyStore,
  KeyStoreError,
  type PrivateKeyFormat,
  type StoredKey,
  assertKeyId,
  parsePrivateKeyPem,
} from './keyStore';

const { KeyGenMechanism, KeyType, ObjectClass, SessionFlag, UserType } = graphene;

/** DER of the prime256v1 OID (1.2.840.10045.3.1.7): CKA_EC_PARAMS of a P-256 key. */
const P256_PARAMS = Buffer.from('06082a8648ce3d030107', 'hex');
const POINT_BYTES = 65;

export interface Pkcs11Options {
  /** Path of the PKCS#11 library (PKCS11_MODULE), e.g. /usr/lib/softhsm/libsofthsm2.so. */
  module: string;
  /** The user PIN (PKCS11_PIN). */
  pin: string;
  /** PKCS11_SLOT: a slot id, or else an index among the slots with a token; default the first slot with a token. */
  slot?: number;
  log?: KeyStoreLog;
}

// C_Initialize/C_Finalize are per process: stores opened on the same library share one Module.
// C_Login is per token for the whole process, so a second login answers CKR_USER_ALREADY_LOGGED_IN whatever
// the PIN: keep the digest of the PIN that did log in, to refuse a wrong one all the same.
interface ModuleEntry {
  module: Module;
  users: number;
  logins: Map<string, Buffer>;
}
const modules = new Map<string, ModuleEntry>();

function acquireModule(path: string): ModuleEntry {
  const entry = modules.get(path);
  if (entry) {
    entry.users += 1;
    return entry;
  }
  let module: Module;
  try {
    module = graphene.Module.load(path, 'pkcs11');
    module.initialize();
  } catch (e) {
    throw new KeyStoreError(`the PKCS#11 module ${path} could not be loaded: ${(e as Error).message}`);
  }
  const created = { module, users: 1, logins: new Map<string, Buffer>() };
  modules.set(path, created);
  return created;
}

function releaseModule(path: string): void {
  const entry = modules.get(path);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  modules.delete(path);
  entry.logins.clear();
  try {
    entry.module.finalize();
  } catch {
    // Already finalized by someone else: nothing left to release.
  }
}

const slotId = (slot: Slot) => {
  const h = slot.handle;
  return h.length >= 8 ? h.readBigUInt64LE(0) : BigInt(h.readUInt32LE(0));
};

function pickSlot(module: Module, wanted: number | undefined): Slot {
  const slots = module.getSlots(true);
  const all: Slot[] = [];
  for (let i = 0; i < slots.length; i++) all.push(slots.items(i));
  if (all.length === 0)
    throw new KeyStoreError('the PKCS#11 module has no slot with a token: initialize one first');
  if (wanted === undefined) return all[0];
  const byId = all.find((s) => slotId(s) === BigInt(wanted));
  if (byId) return byId;
  if (wanted < all.length) return all[wanted];
  throw new KeyStoreError(
    `PKCS11_SLOT ${wanted} is neither a slot id nor an index of the ${all.length} slot(s) with a token ` +
      `(slot ids: ${all.map((s) => slotId(s).toString()).join(', ')})`,
  );
}

/** CKA_EC_POINT is a DER OCTET STRING around 04||X||Y on most tokens, the bare point on some. */
export function ecPointFromAttribute(value: Buffer): Buffer {
  if (value.length === POINT_BYTES && value[0] === 0x04) return value;
  if (
    value.length === POINT_BYTES + 2 &&
    value[0] === 0x04 &&
    value[1] === POINT_BYTES &&
    value[2] === 0x04
  ) {
    return value.subarray(2);
  }
  throw new KeyStoreError('the token returned an EC point that is not an uncompressed P-256 point');
}

const encodeEcPoint = (point: Buffer) => Buffer.concat([Buffer.of(0x04, point.length), point]);

class Pkcs11Signer implements Signer {
  readonly algorithm = ES256;
  constructor(
    readonly publicKey: CryptoKey,
    private readonly sign_: (digest: Buffer) => Promise<Buffer>,
  ) {}

  async sign(data: Uint8Array): Promise<Uint8Array> {
    const digest = createHash('sha256').update(data).digest();
    const signature = await this.sign_(digest);
    // CKM_ECDSA answers r||s, each the size of the order: what WebCrypto and x509 expect.
    if (signature.length !== 64)
      throw new KeyStoreError(`the token returned a ${signature.length}-byte ECDSA signature`);
    return new Uint8Array(signature);
  }
}

export class Pkcs11KeyStore implements KeyStore {
  readonly kind = 'pkcs11' as const;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly signers = new Map<string, Promise<Signer>>();
  private closed = false;

  private constructor(
    private readonly modulePath: string,
    private readonly session: Session,
    /** Which token this store talks to, for messages and logs. */
    readonly tokenLabel: string,
  ) {}

  /** Opens a read-write session on the token and logs in as the user. */
  static open(options: Pkcs11Options): Pkcs11KeyStore {
    if (!options.pin) throw new KeyStoreError('PKCS11_PIN is required when PKCS11_MODULE is set');
    const entry = acquireModule(options.module);
    let session: Session | undefined;
    try {
      const slot = pickSlot(entry.module, options.slot);
      const slotKey = slotId(slot).toString();
      const pinDigest = createHash('sha256').update(options.pin).digest();
      session = slot.open(SessionFlag.SERIAL_SESSION | SessionFlag.RW_SESSION);
      try {
        session.login(options.pin, UserType.USER);
        entry.logins.set(slotKey, pinDigest);
      } catch (e) {
        if (!/CKR_USER_ALREADY_LOGGED_IN/.test((e as Error).message)) {
          throw new KeyStoreError(`PKCS#11 login failed: ${(e as Error).message}`);
        }
        const known = entry.logins.get(slotKey);
        if (known && !timingSafeEqual(known, pinDigest)) {
          throw new KeyStoreError(
            'PKCS#11 login failed: CKR_PIN_INCORRECT (the token is logged in with another PIN)',
          );
        }
      }
      const label = slot.getToken().label.trim();
      options.log?.info?.(`private keys are kept in the PKCS#11 token "${label}" (${options.module})`);
      return new Pkcs11KeyStore(options.module, session, label);
    } catch (e) {
      try {
        session?.close();
      } catch {
        // The session is unusable anyway.
      }
      releaseModule(options.module);
      throw e;
    }
  }

  async generate(id: string): Promise<StoredKey> {
    assertKeyId(id);
    const ckaId = randomBytes(16);
    const common = { keyType: KeyType.EC, token: true, label: id, id: ckaId };
    const pair = await this.run(
      () =>
        new Promise<{ publicKey: PublicKey }>((resolve, reject) =>
          this.session.generateKeyPair(
            KeyGenMechanism.EC,
            { ...common, verify: true, private: false, paramsEC: P256_PARAMS },
            {
              ...common,
              sign: true,
              private: true,
              sensitive: true,
              extractable: false,
              derive: false,
              decrypt: false,
              unwrap: false,
            },
            (error, keys) =>
              error || !keys
                ? reject(error ?? new KeyStoreError('the token made no key pair'))
                : resolve(keys),
          ),
        ),
    );
    const point = ecPointFromAttribute(pair.publicKey.getAttribute({ pointEC: null }).pointEC as Buffer);
    return { id, ref: ckaId.toString('hex'), publicKeySpkiDer: await spkiFromPoint(point) };
  }

  /** Imports as token objects, sensitive and non-extractable from then on (CKA_ALWAYS_SENSITIVE stays false, truthfully). */
  async importPkcs8OrSec1(id: string, pem: string): Promise<StoredKey> {
    assertKeyId(id);
    const jwk = parsePrivateKeyPem(pem).export({ format: 'jwk' });
    const d = Buffer.from(jwk.d as string, 'base64url');
    const point = Buffer.concat([
      Buffer.of(0x04),
      Buffer.from(jwk.x as string, 'base64url'),
      Buffer.from(jwk.y as string, 'base64url'),
    ]);
    const ckaId = randomBytes(16);
    const common = { keyType: KeyType.EC, token: true, label: id, id: ckaId, paramsEC: P256_PARAMS };
    try {
      await this.run(() => {
        const priv = this.session.create({
          ...common,
          class: ObjectClass.PRIVATE_KEY,
          private: true,
          sensitive: true,
          extractable: false,
          sign: true,
          derive: false,
          value: d,
        });
        try {
          this.session.create({
            ...common,
            class: ObjectClass.PUBLIC_KEY,
            private: false,
            verify: true,
            pointEC: encodeEcPoint(point),
          });
        } catch (e) {
          priv.destroy();
          throw e;
        }
      });
    } finally {
      d.fill(0);
    }
    return { id, ref: ckaId.toString('hex'), publicKeySpkiDer: await spkiFromPoint(point) };
  }

  async signer(key: KeyHandle): Promise<Signer> {
    const cacheKey = `${key.id}\n${key.ref}`;
    const cached = this.signers.get(cacheKey);
    if (cached) return cached;
    const opening = this.openSigner(key);
    this.signers.set(cacheKey, opening);
    opening.catch(() => this.signers.delete(cacheKey));
    return opening;
  }

  async exportPem(_key: KeyHandle, _format?: PrivateKeyFormat): Promise<string> {
    throw new KeyStoreError(HSM_EXPORT_MESSAGE);
  }

  async destroy(key: KeyHandle): Promise<void> {
    this.signers.delete(`${key.id}\n${key.ref}`);
    await this.run(() => {
      for (const object of this.objects(key)) object.destroy();
    });
  }

  /** The token's attributes of the private key object, for checks (CKA_SENSITIVE, CKA_EXTRACTABLE, …). */
  async privateKeyAttributes(key: KeyHandle): Promise<Record<string, unknown>> {
    return this.run(() => {
      const priv = this.object(key, ObjectClass.PRIVATE_KEY);
      return priv.getAttribute({
        sensitive: null,
        extractable: null,
        alwaysSensitive: null,
        neverExtractable: null,
        token: null,
        private: null,
        label: null,
      });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue.catch(() => undefined);
    this.signers.clear();
    try {
      this.session.close();
    } finally {
      releaseModule(this.modulePath);
    }
  }

  private async openSigner(key: KeyHandle): Promise<Signer> {
    const { priv, point } = await this.run(() => ({
      priv: this.object(key, ObjectClass.PRIVATE_KEY).toType<PrivateKey>(),
      point: ecPointFromAttribute(
        this.object(key, ObjectClass.PUBLIC_KEY).getAttribute({ pointEC: null }).pointEC as Buffer,
      ),
    }));
    const publicKey = await webcrypto.subtle.importKey('raw', point, ES256, true, ['verify']);
    return new Pkcs11Signer(publicKey, (digest) =>
      this.run(
        () =>
          new Promise<Buffer>((resolve, reject) =>
            this.session
              .createSign('ECDSA', priv)
              .once(digest, (error, signature) => (error ? reject(error) : resolve(signature))),
          ),
      ),
    );
  }

  private objects(key: KeyHandle): SessionObject[] {
    if (!/^[0-9a-f]{2,128}$/.test(key.ref))
      throw new KeyStoreError(`"${key.ref}" is not a PKCS#11 key reference`);
    const found = this.session.find({ id: Buffer.from(key.ref, 'hex') });
    const out: SessionObject[] = [];
    for (let i = 0; i < found.length; i++) {
      const object = found.items(i);
      // The label binds the objects to our key id, as the AAD does for sealed software keys.
      if (object.getAttribute({ label: null }).label !== key.id) {
        throw new KeyStoreError(`the token object ${key.ref} does not belong to key ${key.id}`);
      }
      out.push(object);
    }
    return out;
  }

  private object(key: KeyHandle, cls: number): SessionObject {
    const matches = this.objects(key).filter((o) => o.class === cls);
    const kind = cls === ObjectClass.PRIVATE_KEY ? 'private' : 'public';
    if (matches.length !== 1) {
      throw new KeyStoreError(
        matches.length === 0
          ? `the ${kind} key of ${key.id} is not on the token "${this.tokenLabel}"`
          : `the token holds ${matches.length} ${kind} keys for ${key.id}`,
      );
    }
    return matches[0];
  }

  /** One operation at a time on the session: PKCS#11 allows one active operation per session. */
  private run<T>(fn: () => T | Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new KeyStoreError('the PKCS#11 key store is closed'));
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

async function spkiFromPoint(point: Buffer): Promise<Uint8Array> {
  const key = await webcrypto.subtle.importKey('raw', toArrayBuffer(point), ES256, true, ['verify']);
  return new Uint8Array(await webcrypto.subtle.exportKey('spki', key));
}
