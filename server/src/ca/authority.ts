// The CA's own identity: the root and the intermediate that signs provider certificates. Created once (two
// processes starting together create one, under an advisory lock), or imported from CA_DIR; later starts load
// them. The keys live in a KeyStore (sealed software keys or an HSM): ca_issuers holds only the store's reference.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db';
import { createIntermediateCa, createRootCa } from './hierarchy';
import { ShakenIssuer } from './issuer';
import { lintShakenCaCertificate } from './lint';
import { SHAKEN_CP_OID } from './profile';
import { ES256, type Signer } from './signer';
import type { KeyHandle, KeyStore } from './keys';
import { X509Certificate } from './x509';
import { certificateToPem } from './pem';
import { parseCertificates } from './spcToken';

export interface AuthorityIssuer {
  id: string;
  certificate: X509Certificate;
  signer: Signer;
  pem: string;
}

export interface CertificateAuthority {
  intermediate: AuthorityIssuer;
  /** Issues provider certificates under the intermediate (its certificate checked once, at load). */
  leafIssuer: ShakenIssuer;
  /** The root; its signer fails when the root key is not held here (a CA_DIR import brings no root key). */
  root: AuthorityIssuer;
  /** Where the CRL of an issuer is published on this portal. */
  crlUrl(issuerId: string): string;
  /** The CRL distribution point put in provider certificates. */
  leafCrlUrl: string;
}

export class AuthorityError extends Error {
  override readonly name = 'AuthorityError';
}

export interface AuthorityOptions {
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable;
  config: { publicUrl: string; crlUrl?: string; certPolicyOid?: string; caDir?: string };
  /** The key store for the CA keys (the HSM when PKCS11_MODULE is set). */
  keys: KeyStore;
  log: { info(msg: string): void; warn(msg: string): void };
  now: () => Date;
  /** O of the CA certificates. */
  organization?: string;
}

export const DEFAULT_CA_ORGANIZATION = 'STI-CA Portal';
/** Any fixed number: it serialises the first-start creation between processes. */
const CREATE_LOCK = 727004;
/** key_ref of a CA whose key this portal does not hold (an imported root). */
const NO_KEY = 'none:external';

interface IssuerRow {
  id: string;
  role: 'root' | 'intermediate';
  certificate_pem: string;
  key_ref: string;
  key_store: string;
}

const newIssuerId = (role: 'root' | 'intermediate') => `${role}-${randomBytes(6).toString('hex')}`;

async function currentIssuers(q: Queryable): Promise<{ root?: IssuerRow; intermediate?: IssuerRow }> {
  const rows = await q.query<IssuerRow>(
    `SELECT id, role, certificate_pem, key_ref, key_store FROM ca_issuers WHERE is_current`,
  );
  return {
    root: rows.find((r) => r.role === 'root'),
    intermediate: rows.find((r) => r.role === 'intermediate'),
  };
}

async function insertIssuer(
  q: Queryable,
  row: {
    id: string;
    role: 'root' | 'intermediate';
    pem: string;
    subject: string;
    keyRef: string;
    keyStore: string;
  },
): Promise<void> {
  await q.query(`UPDATE ca_issuers SET is_current = false WHERE role = $1 AND is_current`, [row.role]);
  await q.query(
    `INSERT INTO ca_issuers (id, role, certificate_pem, subject_dn, key_ref, key_store, is_current)
     VALUES ($1, $2, $3, $4, $5, $6, true)`,
    [row.id, row.role, row.pem, row.subject, row.keyRef, row.keyStore],
  );
}

function assertLint(
  cert: X509Certificate,
  role: 'root' | 'intermediate',
  issuer: X509Certificate | undefined,
  policyOid?: string,
) {
  const errors = lintShakenCaCertificate(cert, { role, issuer, policyOid }).filter(
    (f) => f.severity === 'error',
  );
  if (errors.length > 0) {
    throw new AuthorityError(
      `the ${role} CA certificate fails the SHAKEN rules: ${errors.map((e) => `${e.rule} (${e.message})`).join('; ')}`,
    );
  }
}

function readCaDir(dir: string) {
  const file = (name: string) => path.join(dir, name);
  for (const name of ['intermediate.pem', 'intermediate.key', 'root.pem']) {
    if (!fs.existsSync(file(name))) throw new AuthorityError(`CA_DIR ${dir} has no ${name}`);
  }
  const [intermediate] = parseCertificates(fs.readFileSync(file('intermediate.pem'), 'utf8'));
  const [root] = parseCertificates(fs.readFileSync(file('root.pem'), 'utf8'));
  if (!intermediate || !root)
    throw new AuthorityError(`CA_DIR ${dir}: no certificate in root.pem or intermediate.pem`);
  return { intermediate, root, keyPem: fs.readFileSync(file('intermediate.key'), 'utf8') };
}

export async function loadOrCreateAuthority(opts: AuthorityOptions): Promise<CertificateAuthority> {
  const { db, config, keys } = opts;
  const base = config.publicUrl.replace(/\/+$/, '');
  const crlUrl = (issuerId: string) => `${base}/crl/${issuerId}.crl`;
  const policyOid = config.certPolicyOid ?? SHAKEN_CP_OID;
  const organization = opts.organization ?? DEFAULT_CA_ORGANIZATION;

  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [CREATE_LOCK]);
    const current = await currentIssuers(tx);

    if (config.caDir) {
      const imported = readCaDir(config.caDir);
      const sameAsStored =
        current.intermediate &&
        new X509Certificate(current.intermediate.certificate_pem).equal(imported.intermediate);
      if (sameAsStored) return;
      assertLint(imported.root, 'root', undefined);
      assertLint(imported.intermediate, 'intermediate', imported.root, policyOid);
      const rootId = newIssuerId('root');
      const intermediateId = newIssuerId('intermediate');
      const stored = await keys.importPkcs8OrSec1(intermediateId, imported.keyPem);
      if (
        Buffer.compare(
          Buffer.from(stored.publicKeySpkiDer),
          Buffer.from(imported.intermediate.publicKey.rawData),
        ) !== 0
      ) {
        await keys.destroy(stored);
        throw new AuthorityError(
          `CA_DIR ${config.caDir}: intermediate.key does not belong to intermediate.pem`,
        );
      }
      await insertIssuer(tx, {
        id: rootId,
        role: 'root',
        pem: certificateToPem(imported.root),
        subject: imported.root.subject,
        keyRef: NO_KEY,
        keyStore: 'software',
      });
      await insertIssuer(tx, {
        id: intermediateId,
        role: 'intermediate',
        pem: certificateToPem(imported.intermediate),
        subject: imported.intermediate.subject,
        keyRef: stored.ref,
        keyStore: keys.kind,
      });
      opts.log.info(`CA imported from ${config.caDir}: ${imported.intermediate.subject}`);
      return;
    }

    if (current.root && current.intermediate) return;
    const rootId = newIssuerId('root');
    const intermediateId = newIssuerId('intermediate');
    // The key store makes both keys: on an HSM they are generated on the token (CKA_ALWAYS_SENSITIVE,
    // CKA_NEVER_EXTRACTABLE) and are never in this process, not even for a moment.
    const made: KeyHandle[] = [];
    try {
      const rootKey = await keys.generate(rootId);
      made.push(rootKey);
      const intermediateKey = await keys.generate(intermediateId);
      made.push(intermediateKey);
      const now = opts.now();
      const root = await createRootCa({ organization, now, signer: await keys.signer(rootKey) });
      const intermediate = await createIntermediateCa({
        organization,
        now,
        root,
        // The intermediate's own revocation would be published by the root.
        crlUrl: crlUrl(rootId),
        policyOid,
        signer: await keys.signer(intermediateKey),
      });
      // A device's signatures are not taken on trust: both certificates must pass the lint, signatures included.
      assertLint(root.certificate, 'root', undefined);
      assertLint(intermediate.certificate, 'intermediate', root.certificate, policyOid);
      await insertIssuer(tx, {
        id: rootId,
        role: 'root',
        pem: certificateToPem(root.certificate),
        subject: root.certificate.subject,
        keyRef: rootKey.ref,
        keyStore: keys.kind,
      });
      await insertIssuer(tx, {
        id: intermediateId,
        role: 'intermediate',
        pem: certificateToPem(intermediate.certificate),
        subject: intermediate.certificate.subject,
        keyRef: intermediateKey.ref,
        keyStore: keys.kind,
      });
      opts.log.info(`CA created: ${intermediate.certificate.subject}`);
    } catch (e) {
      // Nothing refers to keys of a hierarchy that was not stored.
      for (const key of made) await keys.destroy(key).catch(() => undefined);
      throw e;
    }
  });

  const { root, intermediate } = await currentIssuers(db);
  if (!root || !intermediate) throw new AuthorityError('the CA hierarchy is missing from ca_issuers');
  const issuing = await issuerOf(keys, intermediate);
  return {
    intermediate: issuing,
    leafIssuer: await ShakenIssuer.create(issuing),
    root: await issuerOf(keys, root),
    crlUrl,
    leafCrlUrl: config.crlUrl ?? crlUrl(intermediate.id),
  };
}

async function issuerOf(keys: KeyStore, row: IssuerRow): Promise<AuthorityIssuer> {
  const certificate = new X509Certificate(row.certificate_pem);
  const publicKey = await globalThis.crypto.subtle.importKey(
    'spki',
    certificate.publicKey.rawData,
    ES256,
    true,
    ['verify'],
  );
  const open = async (): Promise<Signer> => {
    if (row.key_ref === NO_KEY)
      throw new AuthorityError(`the key of CA ${row.id} is not held by this portal`);
    if (row.key_store !== keys.kind) {
      throw new AuthorityError(
        `the key of CA ${row.id} is in the ${row.key_store} key store, but ${keys.kind} is in use`,
      );
    }
    const signer = await keys.signer({ id: row.id, ref: row.key_ref } satisfies KeyHandle);
    const spki = new Uint8Array(await globalThis.crypto.subtle.exportKey('spki', signer.publicKey));
    if (Buffer.compare(Buffer.from(spki), Buffer.from(certificate.publicKey.rawData)) !== 0) {
      throw new AuthorityError(`the key of CA ${row.id} does not belong to its certificate`);
    }
    return signer;
  };
  return { id: row.id, certificate, signer: new LazySigner(publicKey, open), pem: row.certificate_pem };
}

/**
 * Opens the CA key on first use: an app that never signs (a second instance in a test, a read-only replica)
 * never needs the key-encryption key or the HSM session. The public key comes from the certificate.
 */
class LazySigner implements Signer {
  readonly algorithm = ES256;
  private opened: Promise<Signer> | undefined;
  private signer: Signer | undefined;

  constructor(
    readonly publicKey: CryptoKey,
    private readonly open: () => Promise<Signer>,
  ) {}

  get selfTested(): boolean {
    return this.signer?.selfTested ?? false;
  }

  async sign(data: Uint8Array): Promise<Uint8Array> {
    if (this.signer) return this.signer.sign(data);
    if (!this.opened) {
      this.opened = this.open();
      this.opened.catch(() => (this.opened = undefined));
    }
    this.signer = await this.opened;
    return this.signer.sign(data);
  }
}
