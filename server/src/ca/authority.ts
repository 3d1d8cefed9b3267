// The CA's own identity, as CA acts with no storage: make a root and an intermediate on a key store (lint before
// and after signing), take an operator's intermediate key into the key store, and open the hierarchy recorded by
// the issuer store as a CertificateAuthority. Which rows exist, and when to create or import, is the bootstrap's
// (server/src/authority/), which alone reads and writes ca_issuers.
import { createIntermediateCa, createRootCa } from './hierarchy';
import { ShakenIssuer } from './issuer';
import type { KeyHandle, KeyStore } from './keys';
import { lintShakenCaCertificate } from './lint';
import { ES256, type Signer } from './signer';
import { X509Certificate } from './x509';

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
  /** Where the CRL of an issuer is published on this portal. */
  crlUrl(issuerId: string): string;
  /** The CRL distribution point put in provider certificates. */
  leafCrlUrl: string;
}

export class AuthorityError extends Error {
  override readonly name = 'AuthorityError';
}

export type CaRole = 'root' | 'intermediate';

/** One CA certificate as the issuer store records it: the key itself stays in the key store. */
export interface IssuerRecord {
  id: string;
  role: CaRole;
  certificatePem: string;
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
  role: CaRole,
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
  intermediateId: string;
  organization: string;
  now: Date;
  /** The root's CRL, where the intermediate's own revocation would be published. */
  rootCrlUrl: string;
  policyOid: string;
}

/**
 * A root and an intermediate whose keys the key store makes: on an HSM they are generated on the token
 * (CKA_ALWAYS_SENSITIVE, CKA_NEVER_EXTRACTABLE) and are never in this process, not even for a moment. Each key
 * made is pushed on `made` at once, so that the caller can destroy them if anything later fails.
 */
export async function createHierarchyOnKeyStore(keys: KeyStore, params: NewHierarchy, made: KeyHandle[]) {
  const rootKey = await keys.generate(params.rootId);
  made.push(rootKey);
  const intermediateKey = await keys.generate(params.intermediateId);
  made.push(intermediateKey);
  const { organization, now, policyOid } = params;
  const root = await createRootCa({ organization, now, signer: await keys.signer(rootKey) });
  const intermediate = await createIntermediateCa({
    organization,
    now,
    root,
    crlUrl: params.rootCrlUrl,
    policyOid,
    signer: await keys.signer(intermediateKey),
  });
  // A device's signatures are not taken on trust: both certificates must pass the lint, signatures included.
  assertCaLint(root.certificate, 'root', undefined);
  assertCaLint(intermediate.certificate, 'intermediate', root.certificate, policyOid);
  return {
    root: { certificate: root.certificate, key: rootKey },
    intermediate: { certificate: intermediate.certificate, key: intermediateKey },
  };
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

/** The recorded hierarchy as the CA in use; its keys open on first use. */
export async function openAuthority(
  keys: KeyStore,
  issuers: { root: IssuerRecord; intermediate: IssuerRecord },
  urls: { crlUrl(issuerId: string): string; leafCrlUrl?: string },
): Promise<CertificateAuthority> {
  const issuing = await openIssuer(keys, issuers.intermediate);
  return {
    intermediate: issuing,
    leafIssuer: await ShakenIssuer.create(issuing),
    root: await openIssuer(keys, issuers.root),
    crlUrl: urls.crlUrl,
    leafCrlUrl: urls.leafCrlUrl ?? urls.crlUrl(issuers.intermediate.id),
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
    const signer = await keys.signer({ id: record.id, ref: record.keyRef } satisfies KeyHandle);
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
    if (this.signer) return this.signer.sign(data);
    if (!this.opened) {
      this.opened = this.open();
      this.opened.catch(() => (this.opened = undefined));
    }
    this.signer = await this.opened;
    return this.signer.sign(data);
  }
}
