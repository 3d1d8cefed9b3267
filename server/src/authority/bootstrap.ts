// The CA's bootstrap: load the root and intermediate recorded in ca_issuers, or create them once (two processes
// starting together create one, under an advisory lock), or import them from CA_DIR. The keys live in a KeyStore
// (sealed software keys or an HSM): ca_issuers holds only the store's reference. The CA acts (sign, lint, open)
// are ca/'s; the rows are the issuer store's.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  AuthorityError,
  type CaRole,
  type CertificateAuthority,
  DEFAULT_CA_ORGANIZATION,
  type IssuerRecord,
  type KeyHandle,
  type KeyStore,
  NO_KEY,
  SHAKEN_CP_OID,
  X509Certificate,
  assertCaLint,
  certificateToPem,
  createHierarchyOnKeyStore,
  importIntermediateKey,
  openAuthority,
  parseCertificates,
} from '../ca';
import type { Queryable } from '../db';
import { currentIssuers, insertIssuer, lockIssuerCreation } from './store';

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

const newIssuerId = (role: CaRole) => `${role}-${randomBytes(6).toString('hex')}`;

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

const recordOf = (
  id: string,
  role: CaRole,
  certificate: X509Certificate,
  key: { ref: string; store: string },
): IssuerRecord & { subject: string } => ({
  id,
  role,
  certificatePem: certificateToPem(certificate),
  subject: certificate.subject,
  keyRef: key.ref,
  keyStore: key.store,
});

/** CA_DIR's hierarchy, recorded unless it is the one already current. The root's key is not held here. */
async function importCaDir(tx: Queryable, opts: AuthorityOptions, caDir: string, policyOid: string) {
  const current = await currentIssuers(tx);
  const imported = readCaDir(caDir);
  const stored = current.intermediate && new X509Certificate(current.intermediate.certificatePem);
  if (stored?.equal(imported.intermediate)) return;
  assertCaLint(imported.root, 'root', undefined);
  assertCaLint(imported.intermediate, 'intermediate', imported.root, policyOid);
  const rootId = newIssuerId('root');
  const intermediateId = newIssuerId('intermediate');
  const key = await importIntermediateKey(opts.keys, intermediateId, {
    keyPem: imported.keyPem,
    certificate: imported.intermediate,
    source: `CA_DIR ${caDir}`,
  });
  await insertIssuer(tx, recordOf(rootId, 'root', imported.root, { ref: NO_KEY, store: 'software' }));
  await insertIssuer(
    tx,
    recordOf(intermediateId, 'intermediate', imported.intermediate, { ref: key.ref, store: opts.keys.kind }),
  );
  opts.log.info(`CA imported from ${caDir}: ${imported.intermediate.subject}`);
}

/** A new hierarchy on the key store, recorded; no key of it outlives a failure. */
async function createHierarchy(
  tx: Queryable,
  opts: AuthorityOptions,
  crlUrl: (issuerId: string) => string,
  policyOid: string,
) {
  const { keys } = opts;
  const rootId = newIssuerId('root');
  const intermediateId = newIssuerId('intermediate');
  const made: KeyHandle[] = [];
  try {
    const { root, intermediate } = await createHierarchyOnKeyStore(
      keys,
      {
        rootId,
        intermediateId,
        organization: opts.organization ?? DEFAULT_CA_ORGANIZATION,
        now: opts.now(),
        rootCrlUrl: crlUrl(rootId),
        policyOid,
      },
      made,
    );
    await insertIssuer(
      tx,
      recordOf(rootId, 'root', root.certificate, { ref: root.key.ref, store: keys.kind }),
    );
    await insertIssuer(
      tx,
      recordOf(intermediateId, 'intermediate', intermediate.certificate, {
        ref: intermediate.key.ref,
        store: keys.kind,
      }),
    );
    opts.log.info(`CA created: ${intermediate.certificate.subject}`);
  } catch (e) {
    // Nothing refers to keys of a hierarchy that was not stored.
    for (const key of made) await keys.destroy(key).catch(() => undefined);
    throw e;
  }
}

export async function loadOrCreateAuthority(opts: AuthorityOptions): Promise<CertificateAuthority> {
  const { db, config } = opts;
  const base = config.publicUrl.replace(/\/+$/, '');
  const crlUrl = (issuerId: string) => `${base}/crl/${issuerId}.crl`;
  const policyOid = config.certPolicyOid ?? SHAKEN_CP_OID;

  await db.transaction(async (tx) => {
    await lockIssuerCreation(tx);
    if (config.caDir) return importCaDir(tx, opts, config.caDir, policyOid);
    const current = await currentIssuers(tx);
    if (current.root && current.intermediate) return;
    await createHierarchy(tx, opts, crlUrl, policyOid);
  });

  const { root, intermediate } = await currentIssuers(db);
  if (!root || !intermediate) throw new AuthorityError('the CA hierarchy is missing from ca_issuers');
  return openAuthority(opts.keys, { root, intermediate }, { crlUrl, leafCrlUrl: config.crlUrl });
}
