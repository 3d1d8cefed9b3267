// The CA's own hierarchy: a SHAKEN root (self-signed, 20 years) and one intermediate that issues the
// provider certificates. Returns certificates and PKCS#8 keys; encrypting and storing them is the key store's job.
import { webcrypto } from 'node:crypto';
import { signCertificate } from './certificate';
import type { CaCredentials } from './issuer';
import { type CaLintOptions, lintShakenCaTbsCertificate } from './lint';
import { BACKDATE_MS, SHAKEN_CP_OID, assertHttpUrl, newSerial } from './profile';
import { type Signer, SoftwareSigner, generateP256KeyPair } from './signer';
import { privateKeyToPem } from './pem';
import type { X509Certificate } from './x509';
import {
  KEY_USAGE,
  OID,
  authorityKeyIdentifierValue,
  basicConstraintsValue,
  certificatePoliciesValue,
  crlDistributionPointsValue,
  encodeName,
  extension,
  keyIdentifier,
  keyUsageValue,
  subjectKeyIdentifierValue,
} from './x509Parts';

export const ROOT_LIFETIME_YEARS = 20;
export const INTERMEDIATE_LIFETIME_YEARS = 10;

export class HierarchyError extends Error {
  override readonly name = 'HierarchyError';
}

interface CaCommon {
  /** O of both certificates, e.g. the STI-CA's legal name. */
  organization: string;
  commonName?: string;
  now?: Date;
  years?: number;
}

/** The CA's own key, kept by a key store (generated on the HSM there): the certificate carries its public key. */
interface WithSigner {
  signer: Signer;
}

/** A CA made with a new software key pair, which the caller exports and seals. */
export interface CaKeyMaterial extends CaCredentials {
  keys: CryptoKeyPair;
}

/** The given signer, or a new extractable software key pair and its signer. */
async function caKey(params: Partial<WithSigner>): Promise<{ signer: Signer; keys?: CryptoKeyPair }> {
  if (params.signer) return { signer: params.signer };
  const keys = await generateP256KeyPair();
  return { signer: SoftwareSigner.fromKeyPair(keys), keys };
}

/** ATIS-1000080 v005 §6.4.1: a root's and an intermediate's key usage is keyCertSign alone (no cRLSign). */
const caKeyUsage = () => extension(OID.keyUsage, true, keyUsageValue([KEY_USAGE.keyCertSign]));

function validity(now: Date, years: number, cap?: Date): { notBefore: Date; notAfter: Date } {
  const notBefore = new Date(Math.floor((now.getTime() - BACKDATE_MS) / 1000) * 1000);
  const end = new Date(notBefore);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return { notBefore, notAfter: cap && cap < end ? cap : end };
}

/** Lints a CA certificate's TBSCertificate before the CA key signs it: nothing failing the rules gets signed. */
const lintBeforeSigning = (options: CaLintOptions) => (tbs: Uint8Array) => {
  const errors = lintShakenCaTbsCertificate(tbs, options).filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    const detail = errors.map((e) => `${e.rule} (${e.message})`).join('; ');
    throw new HierarchyError(`the ${options.role} CA certificate fails the SHAKEN rules: ${detail}`);
  }
};

const caSubject = (organization: string, commonName: string) =>
  encodeName([
    { type: 'C', value: 'US' },
    { type: 'O', value: organization },
    { type: 'CN', value: commonName },
  ]);

/**
 * Root: CN with SHAKEN and ROOT; keyCertSign and CA:TRUE, both critical; SKI; no policies, CRLDP or
 * TNAuthList. Self-signed with `signer` when given, else with a new software key pair (returned as `keys`).
 */
export async function createRootCa(params: CaCommon & WithSigner): Promise<CaCredentials>;
export async function createRootCa(params: CaCommon): Promise<CaKeyMaterial>;
export async function createRootCa(
  params: CaCommon & Partial<WithSigner>,
): Promise<CaCredentials & { keys?: CryptoKeyPair }> {
  const commonName = params.commonName ?? `${params.organization} SHAKEN ROOT CA`;
  if (!/SHAKEN/.test(commonName) || !/ROOT/.test(commonName))
    throw new HierarchyError('the root CN must contain "SHAKEN" and "ROOT"');
  const { signer, keys } = await caKey(params);
  const subject = caSubject(params.organization, commonName);
  const certificate = await signCertificate(
    {
      serial: newSerial(),
      subject,
      issuer: subject,
      subjectPublicKey: signer.publicKey,
      ...validity(params.now ?? new Date(), params.years ?? ROOT_LIFETIME_YEARS),
      extensions: [
        caKeyUsage(),
        extension(OID.basicConstraints, true, basicConstraintsValue(true)),
        extension(
          OID.subjectKeyIdentifier,
          false,
          subjectKeyIdentifierValue(await keyIdentifier(signer.publicKey)),
        ),
      ],
    },
    signer,
    lintBeforeSigning({ role: 'root' }),
  );
  return keys ? { certificate, signer, keys } : { certificate, signer };
}

/**
 * What a certificate the root issues always carries: a new serial, the CA subject, the root as issuer, a validity
 * capped at the root's end, and the SKI and AKI extensions. The caller adds its own key usage and the rest.
 */
async function underRoot(params: CaCommon & { root: CaCredentials }, commonName: string, signer: Signer) {
  const rootKeyId = await keyIdentifier(params.root.signer.publicKey);
  return {
    serial: newSerial(),
    subject: caSubject(params.organization, commonName),
    issuer: params.root.certificate.subjectName.toArrayBuffer(),
    subjectPublicKey: signer.publicKey,
    ...validity(
      params.now ?? new Date(),
      params.years ?? INTERMEDIATE_LIFETIME_YEARS,
      params.root.certificate.notAfter,
    ),
    keyIdentifiers: [
      extension(
        OID.subjectKeyIdentifier,
        false,
        subjectKeyIdentifierValue(await keyIdentifier(signer.publicKey)),
      ),
      extension(OID.authorityKeyIdentifier, false, authorityKeyIdentifierValue(rootKeyId)),
    ],
  };
}

export interface IntermediateParams extends CaCommon {
  root: CaCredentials;
  /** The CRL where the intermediate's revocation would appear (the one the CA's CRL signer publishes). */
  crlUrl: string;
  /** That CRL's issuer Name (DER), put in cRLIssuer byte for byte. */
  crlIssuerName: Uint8Array;
  policyOid?: string;
  /**
   * pathLenConstraint: 0 (the default) lets it issue end-entity certificates only; 1 lets it also issue STI-SCAs,
   * the providers' subordinate CAs of docs/delegates.md.
   */
  pathLen?: 0 | 1;
}

/**
 * Intermediate: CN with SHAKEN; keyCertSign and CA:TRUE pathLen 0 (or 1), both critical; SKI/AKI; one policy; one CRLDP
 * with cRLIssuer. Signed by the root; its key is `signer`'s when given, else a new software key pair (`keys`).
 */
export async function createIntermediateCa(params: IntermediateParams & WithSigner): Promise<CaCredentials>;
export async function createIntermediateCa(params: IntermediateParams): Promise<CaKeyMaterial>;
export async function createIntermediateCa(
  params: IntermediateParams & Partial<WithSigner>,
): Promise<CaCredentials & { keys?: CryptoKeyPair }> {
  const commonName = params.commonName ?? `${params.organization} SHAKEN Intermediate CA`;
  if (!/SHAKEN/.test(commonName)) throw new HierarchyError('the intermediate CN must contain "SHAKEN"');
  assertHttpUrl(params.crlUrl);
  const { signer, keys } = await caKey(params);
  const { keyIdentifiers, ...template } = await underRoot(params, commonName, signer);
  const certificate = await signCertificate(
    {
      ...template,
      extensions: [
        caKeyUsage(),
        extension(OID.basicConstraints, true, basicConstraintsValue(true, params.pathLen ?? 0)),
        ...keyIdentifiers,
        extension(
          OID.certificatePolicies,
          false,
          certificatePoliciesValue([params.policyOid ?? SHAKEN_CP_OID]),
        ),
        extension(
          OID.crlDistributionPoints,
          false,
          crlDistributionPointsValue(params.crlUrl, params.crlIssuerName),
        ),
      ],
    },
    params.root.signer,
    lintBeforeSigning({
      role: 'intermediate',
      issuer: params.root.certificate,
      policyOid: params.policyOid ?? SHAKEN_CP_OID,
    }),
  );
  return keys ? { certificate, signer, keys } : { certificate, signer };
}

export interface CrlSignerParams extends CaCommon {
  root: CaCredentials;
}

/**
 * The CA's dedicated CRL signer (a CRL the portal publishes is never signed by the intermediate): an
 * end-entity certificate issued by the root, key usage cRLSign alone and CA:FALSE, both critical; SKI/AKI; no
 * policy, CRLDP or TNAuthList. Its CRL is indirect: it lists certificates the root issued.
 */
export async function createCrlSigner(params: CrlSignerParams & WithSigner): Promise<CaCredentials>;
export async function createCrlSigner(params: CrlSignerParams): Promise<CaKeyMaterial>;
export async function createCrlSigner(
  params: CrlSignerParams & Partial<WithSigner>,
): Promise<CaCredentials & { keys?: CryptoKeyPair }> {
  const commonName = params.commonName ?? `${params.organization} SHAKEN CRL Signer`;
  const { signer, keys } = await caKey(params);
  const { keyIdentifiers, ...template } = await underRoot(params, commonName, signer);
  const certificate = await signCertificate(
    {
      ...template,
      extensions: [
        extension(OID.keyUsage, true, keyUsageValue([KEY_USAGE.cRLSign])),
        extension(OID.basicConstraints, true, basicConstraintsValue(false)),
        ...keyIdentifiers,
      ],
    },
    params.root.signer,
    lintBeforeSigning({ role: 'crl-signer', issuer: params.root.certificate }),
  );
  return keys ? { certificate, signer, keys } : { certificate, signer };
}

export interface ExportedCa {
  certificate: X509Certificate;
  certificatePem: string;
  /** PKCS#8 DER and PEM of the private key: plaintext, to be encrypted by the key store before it touches disk. */
  privateKeyPkcs8: Uint8Array;
  privateKeyPem: string;
  signer: Signer;
}

export async function exportCa(ca: CaKeyMaterial): Promise<ExportedCa> {
  const pkcs8 = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', ca.keys.privateKey));
  return {
    certificate: ca.certificate,
    certificatePem: ca.certificate.toString('pem'),
    privateKeyPkcs8: pkcs8,
    privateKeyPem: privateKeyToPem(pkcs8),
    signer: ca.signer,
  };
}

export interface HierarchyParams {
  organization: string;
  /** CRL distribution point of the intermediate: the CRL signer's CRL. */
  crlUrl: string;
  policyOid?: string;
  rootCommonName?: string;
  intermediateCommonName?: string;
  now?: Date;
}

/** A fresh root, CRL signer and intermediate, as PEMs and PKCS#8 keys (tests, tools). */
export async function createCaHierarchy(
  params: HierarchyParams,
): Promise<{ root: ExportedCa; crlSigner: ExportedCa; intermediate: ExportedCa }> {
  const root = await createRootCa({
    organization: params.organization,
    commonName: params.rootCommonName,
    now: params.now,
  });
  const crlSigner = await createCrlSigner({ organization: params.organization, now: params.now, root });
  const intermediate = await createIntermediateCa({
    crlIssuerName: new Uint8Array(crlSigner.certificate.subjectName.toArrayBuffer()),
    organization: params.organization,
    commonName: params.intermediateCommonName,
    now: params.now,
    root,
    crlUrl: params.crlUrl,
    policyOid: params.policyOid,
  });
  return {
    root: await exportCa(root),
    crlSigner: await exportCa(crlSigner),
    intermediate: await exportCa(intermediate),
  };
}

/** Loads a CA signer from its PKCS#8 key and checks it belongs to the certificate. */
export async function loadCa(certificate: X509Certificate, pkcs8: Uint8Array): Promise<CaCredentials> {
  const signer = await SoftwareSigner.fromPkcs8(pkcs8);
  const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', signer.publicKey));
  if (Buffer.compare(Buffer.from(spki), Buffer.from(certificate.publicKey.rawData)) !== 0) {
    throw new HierarchyError('the private key does not belong to the CA certificate');
  }
  return { certificate, signer };
}
