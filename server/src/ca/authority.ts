// The CA's own identity, as CA acts with no storage: make a root and an intermediate on a key store (lint before
// and after signing), take an operator's intermediate key into the key store, and open the hierarchy recorded by
// the issuer store as a CertificateAuthority. Which rows exist, and when to create or import, is the bootstrap's
// (server/src/authority/), which alone reads and writes ca_issuers.
import type { CrlIssuer } from './crl';
import { TAG, children, decodeOne } from './der';
import { createCrlSigner, createIntermediateCa, createRootCa } from './hierarchy';
import { ShakenIssuer } from './issuer';
import type { CaCredentials } from './issuer';
import type { KeyHandle, KeyStore } from './keys';
import { lintShakenCaCertificate } from './lint';
import { ES256, type Signer } from './signer';
import { KeyUsageFlags, KeyUsagesExtension, X509Certificate } from './x509';
import { OID } from './x509Parts';

export interface AuthorityIssuer {
  id: string;
  certificate: X509Certificate;
  signer: Signer;
  pem: string;
  /** false for a CA whose key this portal does not hold (the root of a CA_DIR import): it signs nothing here. */
  holdsKey: boolean;
}

export interface CertificateAuthority {
  intermediate: AuthorityIssuer;
  /** Issues provider certificates under the intermediate (its certificate checked once, at load). */
  leafIssuer: ShakenIssuer;
  /** The root; its signer fails when the root key is not held here (a CA_DIR import brings no root key). */
  root: AuthorityIssuer;
  /**
   * Every recorded CA certificate that signs a CRL here (cRLSign, key held), current or not: the dedicated CRL
   * signer (an indirect CRL), and a previous release's root and intermediate, whose certificates still point at
   * the CRLs they sign themselves.
   */
  crlSigners: CrlIssuer[];
  /** Where the CRL of an issuer is published on this portal. */
  crlUrl(issuerId: string): string;
  /** The current CRL signer, whose indirect CRL lists the revoked STI-SCAs; none for a CA imported without one. */
  crlSigner?: AuthorityIssuer;
  /**
   * The second intermediate (pathLen 1) that issues the providers' STI-SCAs, and its issuer; none when the root's
   * key is not held here (a CA_DIR import), so that no such intermediate could be made.
   */
  delegateIntermediate?: AuthorityIssuer;
  stiScaIssuer?: ShakenIssuer;
  /** The key store of the CA's own keys, which also holds the hosted STI-SCAs' keys (never exported). */
  keys: KeyStore;
}

export class AuthorityError extends Error {
  override readonly name = 'AuthorityError';
}

export type CaRole = 'root' | 'intermediate' | 'crl' | 'delegate-intermediate';

/** One CA certificate as the issuer store records it: the key itself stays in the key store. */
export interface IssuerRecord {
  id: string;
  role: CaRole;
  certificatePem: string;
  /** The key store's id of the key: the record's own id, or the one of an earlier certificate of the same key. */
  keyId: string;
  /** The key store's reference to the key, or NO_KEY. */
  keyRef: string;
  /** The kind of key store that holds the key ('software', 'pkcs11'). */
  keyStore: string;
}

export const DEFAULT_CA_ORGANIZATION = 'STI-CA Portal';
/** key_ref of a CA whose key this portal does not hold (an imported root). */
export const NO_KEY = 'none:external';

/** Throws when a CA certificate fails the SHAKEN rules (its signature included). */
export function assertCaLint(
  cert: X509Certificate,
  role: 'root' | 'intermediate',
  issuer: X509Certificate | undefined,
  policyOid?: string,
): void {
  const errors = lintShakenCaCertificate(cert, { role, issuer, policyOid }).filter(
    (f) => f.severity === 'error',
  );
  if (errors.length > 0) {
    throw new AuthorityError(
      `the ${role} CA certificate fails the SHAKEN rules: ${errors.map((e) => `${e.rule} (${e.message})`).join('; ')}`,
    );
  }
}

export interface NewHierarchy {
  rootId: string;
  crlSignerId: string;
  intermediateId: string;
  organization: string;
  now: Date;
  /** Where the CRL signer's CRL is published: the intermediate's CRL distribution point. */
  crlUrl(issuerId: string): string;
  policyOid: string;
}

/**
 * A root, its CRL signer and an intermediate whose keys the key store makes: on an HSM they are generated on the
 * token (CKA_ALWAYS_SENSITIVE, CKA_NEVER_EXTRACTABLE) and are never in this process, not even for a moment. Each
 * key made is pushed on `made` at once, so that the caller can destroy them if anything later fails.
 */
export async function createHierarchyOnKeyStore(keys: KeyStore, params: NewHierarchy, made: KeyHandle[]) {
  const rootKey = await keys.generate(params.rootId);
  made.push(rootKey);
  const { organization, now } = params;
  const root = await createRootCa({ organization, now, signer: await keys.signer(rootKey) });
  // A device's signatures are not taken on trust: every certificate must pass the lint, signatures included.
  assertCaLint(root.certificate, 'root', undefined);
  const crlSigner = await createCrlSignerOnKeyStore(keys, { ...params, root }, made);
  const intermediateKey = await keys.generate(params.intermediateId);
  made.push(intermediateKey);
  const intermediate = await certifyIntermediate(keys, intermediateKey, {
    ...params,
    root,
    crlSigner: crlSigner.certificate,
  });
  return {
    root: { certificate: root.certificate, key: rootKey },
    crlSigner,
    intermediate: { certificate: intermediate, key: intermediateKey },
  };
}

/** A CRL signer for `root` on a new key of the key store (pushed on `made`). */
export async function createCrlSignerOnKeyStore(
  keys: KeyStore,
  params: { crlSignerId: string; organization: string; now: Date; root: CaCredentials },
  made: KeyHandle[],
): Promise<{ certificate: X509Certificate; key: KeyHandle }> {
  const key = await keys.generate(params.crlSignerId);
  made.push(key);
  const { organization, now, root } = params;
  const signer = await createCrlSigner({ organization, now, root, signer: await keys.signer(key) });
  return { certificate: signer.certificate, key };
}

/**
 * An intermediate certificate for `key` (a new one, or the key of an intermediate of an earlier release, which
 * keeps its key so that the certificates it issued still chain): keyCertSign only, its CRL distribution point the
 * CRL signer's CRL with cRLIssuer.
 */
export async function certifyIntermediate(
  keys: KeyStore,
  key: KeyHandle,
  params: Pick<NewHierarchy, 'organization' | 'now' | 'crlUrl' | 'crlSignerId' | 'policyOid'> & {
    root: CaCredentials;
    crlSigner: X509Certificate;
    commonName?: string;
    /** 1 for the delegate intermediate, which issues STI-SCAs; 0 (the default) for the SHAKEN one. */
    pathLen?: 0 | 1;
  },
): Promise<X509Certificate> {
  const { organization, now, root, policyOid } = params;
  const intermediate = await createIntermediateCa({
    organization,
    commonName: params.commonName,
    now,
    root,
    crlUrl: params.crlUrl(params.crlSignerId),
    crlIssuerName: new Uint8Array(params.crlSigner.subjectName.toArrayBuffer()),
    policyOid,
    pathLen: params.pathLen,
    signer: await keys.signer(key),
  });
  assertCaLint(intermediate.certificate, 'intermediate', root.certificate, policyOid);
  return intermediate.certificate;
}

/** Whether a CA certificate's key usage allows signing CRLs (cRLSign). */
export function signsCrls(certificate: X509Certificate): boolean {
  const ku = certificate.getExtension(KeyUsagesExtension);
  return Boolean(ku && ku.usages & KeyUsageFlags.cRLSign);
}

/** Whether an intermediate predates ATIS-1000080 v005 (cRLSign, or no cRLIssuer): then it is re-certified. */
export function isLegacyIntermediate(certificate: X509Certificate): boolean {
  const ku = certificate.getExtension(KeyUsagesExtension);
  return !ku || ku.usages !== KeyUsageFlags.keyCertSign || !hasCrlIssuer(certificate);
}

function hasCrlIssuer(certificate: X509Certificate): boolean {
  const ext = certificate.extensions.find((e) => e.type === OID.crlDistributionPoints);
  if (!ext) return false;
  // Every DistributionPoint names its cRLIssuer ([2], constructed: 0xA2).
  const points = children(decodeOne(ext.value, TAG.sequence));
  return points.length > 0 && points.every((dp) => children(dp).some((f) => f.tag === 0xa2));
}

/** Takes an operator's intermediate key into the key store; refused (and destroyed) when not the certificate's. */
export async function importIntermediateKey(
  keys: KeyStore,
  id: string,
  imported: { keyPem: string; certificate: X509Certificate; source: string },
): Promise<KeyHandle> {
  const { keyPem, certificate } = imported;
  const stored = await keys.importPkcs8OrSec1(id, keyPem);
  const sameKey =
    Buffer.compare(Buffer.from(stored.publicKeySpkiDer), Buffer.from(certificate.publicKey.rawData)) === 0;
  if (!sameKey) {
    await keys.destroy(stored);
    throw new AuthorityError(`${imported.source}: intermediate.key does not belong to intermediate.pem`);
  }
  return stored;
}

/** The recorded hierarchy as the CA in use; its keys open on first use. `all` is every record, current or not. */
export async function openAuthority(
  keys: KeyStore,
  issuers: {
    root: IssuerRecord;
    intermediate: IssuerRecord;
    crl?: IssuerRecord;
    delegateIntermediate?: IssuerRecord;
    all: IssuerRecord[];
  },
  urls: { crlUrl(issuerId: string): string },
): Promise<CertificateAuthority> {
  const issuing = await openIssuer(keys, issuers.intermediate);
  const crlSigners: CrlIssuer[] = [];
  for (const record of issuers.all) {
    if (record.keyRef === NO_KEY || record.keyStore !== keys.kind) continue;
    const opened = await openIssuer(keys, record);
    if (signsCrls(opened.certificate)) crlSigners.push({ ...opened, indirect: record.role === 'crl' });
  }
  const delegating = issuers.delegateIntermediate && (await openIssuer(keys, issuers.delegateIntermediate));
  return {
    intermediate: issuing,
    leafIssuer: await ShakenIssuer.create(issuing),
    root: await openIssuer(keys, issuers.root),
    crlSigners,
    crlUrl: urls.crlUrl,
    crlSigner: issuers.crl && (await openIssuer(keys, issuers.crl)),
    delegateIntermediate: delegating,
    stiScaIssuer: delegating && (await ShakenIssuer.create(delegating)),
    keys,
  };
}

async function openIssuer(keys: KeyStore, record: IssuerRecord): Promise<AuthorityIssuer> {
  const certificate = new X509Certificate(record.certificatePem);
  const publicKey = await globalThis.crypto.subtle.importKey(
    'spki',
    certificate.publicKey.rawData,
    ES256,
    true,
    ['verify'],
  );
  const open = async (): Promise<Signer> => {
    if (record.keyRef === NO_KEY)
      throw new AuthorityError(`the key of CA ${record.id} is not held by this portal`);
    if (record.keyStore !== keys.kind) {
      throw new AuthorityError(
        `the key of CA ${record.id} is in the ${record.keyStore} key store, but ${keys.kind} is in use`,
      );
    }
    const signer = await keys.signer({ id: record.keyId, ref: record.keyRef } satisfies KeyHandle);
    const spki = new Uint8Array(await globalThis.crypto.subtle.exportKey('spki', signer.publicKey));
    if (Buffer.compare(Buffer.from(spki), Buffer.from(certificate.publicKey.rawData)) !== 0) {
      throw new AuthorityError(`the key of CA ${record.id} does not belong to its certificate`);
    }
    return signer;
  };
  return {
    id: record.id,
    certificate,
    signer: new LazySigner(publicKey, open),
    pem: record.certificatePem,
    holdsKey: record.keyRef !== NO_KEY,
  };
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
    return (await this.ready()).sign(data);
  }

  /** Opens the key now (unsealed with the KEK, or found on the HSM); throws what opening it throws. */
  async ready(): Promise<Signer> {
    if (this.signer) return this.signer;
    if (!this.opened) {
      this.opened = this.open();
      this.opened.catch(() => (this.opened = undefined));
    }
    this.signer = await this.opened;
    return this.signer;
  }
}

/**
 * Opens every CA key this portal signs with (the intermediate and the CRL signers) at once, so that a launcher
 * with the wrong KEY_ENCRYPTION_KEY, a restored backup without it, or an HSM without the keys refuses to start
 * instead of failing at the first certificate.
 */
export async function openCaKeys(ca: CertificateAuthority): Promise<void> {
  const delegating = ca.delegateIntermediate ? [ca.delegateIntermediate] : [];
  for (const issuer of [ca.intermediate, ...delegating, ...ca.crlSigners]) {
    if (!(issuer.signer instanceof LazySigner)) continue;
    try {
      await issuer.signer.ready();
    } catch (err) {
      throw new AuthorityError(`the key of CA ${issuer.id} does not open: ${(err as Error).message}`);
    }
  }
}
