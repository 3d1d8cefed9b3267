// The CA's bootstrap: load the root, CRL signer and intermediate recorded in ca_issuers, or create them once (two
// processes starting together create one, under an advisory lock), or import them from CA_DIR. A hierarchy of an
// earlier release (an intermediate with cRLSign and no cRLIssuer) is migrated at start: the root certifies a CRL
// signer and the intermediate's key anew; the old certificates stay valid and keep signing the CRLs they name. The
// keys live in a KeyStore (sealed software keys or an HSM): ca_issuers holds only the store's reference. The
// delegate intermediate, which issues STI-SCAs, is made at first start, or at a start that finds none. The CA acts
// (sign, lint, open) are ca/'s; the rows are the issuer store's.
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
  certifyIntermediate,
  createCrlSignerOnKeyStore,
  createHierarchyOnKeyStore,
  importIntermediateKey,
  isLegacyIntermediate,
  openAuthority,
  parseCertificates,
} from '../ca';
import type { Queryable } from '../db';
import { allIssuers, currentIssuers, insertIssuer, lockIssuerCreation } from './store';

export interface AuthorityOptions {
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable;
  config: { publicUrl: string; certPolicyOid?: string; caDir?: string };
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
  key: { ref: string; store: string; id?: string },
): IssuerRecord & { subject: string } => ({
  id,
  role,
  certificatePem: certificateToPem(certificate),
  subject: certificate.subject,
  keyId: key.id ?? id,
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

/** Runs `make` with a list of the keys it makes; on failure those keys are destroyed (nothing refers to them). */
async function destroyingOnFailure<T>(keys: KeyStore, make: (made: KeyHandle[]) => Promise<T>): Promise<T> {
  const made: KeyHandle[] = [];
  try {
    return await make(made);
  } catch (e) {
    for (const key of made) await keys.destroy(key).catch(() => undefined);
    throw e;
  }
}

/** A new hierarchy on the key store, recorded; no key of it outlives a failure. */
async function createHierarchy(
  tx: Queryable,
  opts: AuthorityOptions,
  crlUrl: (issuerId: string) => string,
  policyOid: string,
) {
  const { keys } = opts;
  const ids = {
    rootId: newIssuerId('root'),
    crlSignerId: newIssuerId('crl'),
    intermediateId: newIssuerId('intermediate'),
  };
  await destroyingOnFailure(keys, async (made) => {
    const organization = opts.organization ?? DEFAULT_CA_ORGANIZATION;
    const params = { ...ids, organization, now: opts.now(), crlUrl, policyOid };
    const { root, crlSigner, intermediate } = await createHierarchyOnKeyStore(keys, params, made);
    const stored = (key: KeyHandle) => ({ ref: key.ref, store: keys.kind });
    await insertIssuer(tx, recordOf(ids.rootId, 'root', root.certificate, stored(root.key)));
    await insertIssuer(tx, recordOf(ids.crlSignerId, 'crl', crlSigner.certificate, stored(crlSigner.key)));
    await insertIssuer(
      tx,
      recordOf(ids.intermediateId, 'intermediate', intermediate.certificate, stored(intermediate.key)),
    );
    opts.log.info(`CA created: ${intermediate.certificate.subject}`);
  });
}

/** O and CN of a certificate's subject, to certify the same name again. */
function nameOf(certificate: X509Certificate) {
  const field = (f: string) => certificate.subjectName.getField(f)[0];
  return { organization: field('O') ?? DEFAULT_CA_ORGANIZATION, commonName: field('CN') };
}

/**
 * An earlier release's hierarchy (intermediate with keyCertSign+cRLSign and no cRLIssuer), made conformant when
 * the root's key is held: a CRL signer is certified, then the intermediate's own key with keyCertSign alone and
 * cRLIssuer. Same subject, same key: certificates issued before chain to either intermediate certificate.
 */
async function migrateLegacyHierarchy(
  tx: Queryable,
  opts: AuthorityOptions,
  crlUrl: (issuerId: string) => string,
  policyOid: string,
) {
  const { keys } = opts;
  const current = await currentIssuers(tx);
  const { root, intermediate } = current;
  if (!root || !intermediate || root.keyRef === NO_KEY || root.keyStore !== keys.kind) return;
  if (intermediate.keyRef === NO_KEY || intermediate.keyStore !== keys.kind) return;
  const oldIntermediate = new X509Certificate(intermediate.certificatePem);
  if (!isLegacyIntermediate(oldIntermediate)) return;
  const rootCa = {
    certificate: new X509Certificate(root.certificatePem),
    signer: await keys.signer({ id: root.keyId, ref: root.keyRef }),
  };
  const now = opts.now();
  const { organization, commonName } = nameOf(oldIntermediate);
  await destroyingOnFailure(keys, async (made) => {
    let crl = current.crl;
    if (!crl) {
      const crlSignerId = newIssuerId('crl');
      const signer = await createCrlSignerOnKeyStore(
        keys,
        { crlSignerId, organization, now, root: rootCa },
        made,
      );
      crl = recordOf(crlSignerId, 'crl', signer.certificate, { ref: signer.key.ref, store: keys.kind });
      await insertIssuer(tx, { ...crl, subject: signer.certificate.subject });
    }
    const key = { id: intermediate.keyId, ref: intermediate.keyRef };
    const certificate = await certifyIntermediate(keys, key, {
      organization,
      commonName,
      now,
      root: rootCa,
      crlSigner: new X509Certificate(crl.certificatePem),
      crlSignerId: crl.id,
      crlUrl,
      policyOid,
    });
    const id = newIssuerId('intermediate');
    await insertIssuer(
      tx,
      recordOf(id, 'intermediate', certificate, { ...key, store: intermediate.keyStore }),
    );
    opts.log.info(
      `CA migrated: intermediate ${intermediate.id} re-certified as ${id} (keyCertSign, cRLIssuer)`,
    );
  });
}

/**
 * The delegate intermediate (pathLen 1, which issues the providers' STI-SCAs), certified by the root on a new key
 * of the key store when none is recorded: at first start, and at the first start of a release that brings it.
 * Nothing when the root's key is not held here (a CA_DIR import) or no CRL signer is recorded.
 */
async function ensureDelegateIntermediate(
  tx: Queryable,
  opts: AuthorityOptions,
  crlUrl: (issuerId: string) => string,
  policyOid: string,
) {
  const { keys } = opts;
  const { root, crl, delegateIntermediate, intermediate } = await currentIssuers(tx);
  if (delegateIntermediate || !root || !crl || root.keyRef === NO_KEY || root.keyStore !== keys.kind) return;
  const rootCa = {
    certificate: new X509Certificate(root.certificatePem),
    signer: await keys.signer({ id: root.keyId, ref: root.keyRef }),
  };
  const organization = intermediate
    ? nameOf(new X509Certificate(intermediate.certificatePem)).organization
    : (opts.organization ?? DEFAULT_CA_ORGANIZATION);
  const id = newIssuerId('delegate-intermediate');
  await destroyingOnFailure(keys, async (made) => {
    const key = await keys.generate(id);
    made.push(key);
    const certificate = await certifyIntermediate(keys, key, {
      organization,
      commonName: `${organization} SHAKEN STI-SCA Intermediate CA`,
      now: opts.now(),
      root: rootCa,
      crlSigner: new X509Certificate(crl.certificatePem),
      crlSignerId: crl.id,
      crlUrl,
      policyOid,
      pathLen: 1,
    });
    await insertIssuer(
      tx,
      recordOf(id, 'delegate-intermediate', certificate, { ref: key.ref, store: keys.kind }),
    );
    opts.log.info(`CA delegate intermediate created: ${certificate.subject}`);
  });
}

export async function loadOrCreateAuthority(opts: AuthorityOptions): Promise<CertificateAuthority> {
  const { db, config } = opts;
  const base = config.publicUrl.replace(/\/+$/, '');
  const crlUrl = (issuerId: string) => `${base}/crl/${issuerId}.crl`;
  const policyOid = config.certPolicyOid ?? SHAKEN_CP_OID;

  await db.transaction(async (tx) => {
    await lockIssuerCreation(tx);
    if (config.caDir) await importCaDir(tx, opts, config.caDir, policyOid);
    else {
      const current = await currentIssuers(tx);
      if (current.root && current.intermediate) await migrateLegacyHierarchy(tx, opts, crlUrl, policyOid);
      else await createHierarchy(tx, opts, crlUrl, policyOid);
    }
    await ensureDelegateIntermediate(tx, opts, crlUrl, policyOid);
  });

  const { root, intermediate, crl, delegateIntermediate } = await currentIssuers(db);
  if (!root || !intermediate) throw new AuthorityError('the CA hierarchy is missing from ca_issuers');
  const all = await allIssuers(db);
  return openAuthority(opts.keys, { root, intermediate, crl, delegateIntermediate, all }, { crlUrl });
}
