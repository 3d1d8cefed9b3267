// The issuer: profile → TBS → lint → sign → signature check. It signs what the RA approved, and only once the
// TBSCertificate (the very bytes the signature covers) has passed the SHAKEN lint: a certificate that fails the
// lint is never signed by the CA key (Boulder lints a throw-away-signed precertificate first, for the same
// reason). The signature is then checked on its own (a device's, or a lying signer's). The CA certificate is
// checked once, when the issuer is made; each certificate costs one DER encoding, one lint and one signature.
import { type Binary, bytesEqual, hex, toArrayBuffer, toBytes } from './der';
import { encodeTbsCertificate, signTbsCertificate, subjectPublicKeyInfo } from './certificate';
import {
  type Finding,
  type IssuerFacts,
  issuerFacts,
  lintCertificateSignature,
  lintShakenCaTbsCertificate,
  lintShakenTbsCertificate,
} from './lint';
import { TN_AUTH_LIST_OID, decodeTnAuthList } from './tnAuthList';
import type { TnAuthEntry } from './tnEntries';
import { certificateDerToPem } from './pem';
import {
  SHAKEN_CP_OID,
  type ShakenCaExtensions,
  assertSerial,
  delegateCommonName,
  delegateExtensionsDer,
  providerSubject,
  shakenCaExtensions,
  shakenExtensionsDer,
  shakenSubject,
  stiScaCommonName,
  stiScaExtensionsDer,
} from './profile';
import type { Signer } from './signer';
import {
  BasicConstraintsExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  Name,
  SubjectKeyIdentifierExtension,
  X509Certificate,
} from './x509';
import { keyIdentifierFromSpki, spkiOf } from './x509Parts';

export interface CaCredentials {
  certificate: X509Certificate;
  signer: Signer;
}

export interface LeafRequest {
  spc: string;
  companyName: string;
  /** The provider's key, or its SubjectPublicKeyInfo DER (what the key store keeps). */
  subjectPublicKey: CryptoKey | Binary;
  serial: string;
  notBefore: Date;
  notAfter: Date;
  policyOid?: string;
  crl: {
    url: string;
    /** The CRL issuer's DN for cRLIssuer: pass the Name's DER (e.g. from the fetched CRL) to keep it byte for byte. */
    issuerDn?: string | Binary;
  };
}

export interface DelegateRequest extends Omit<LeafRequest, 'spc'> {
  /** The numbers the delegate may sign for, `one` and `range` entries (e.g. from compressNumbers). */
  entries: TnAuthEntry[];
}

export interface ShakenCertificateRequest extends LeafRequest {
  issuer: CaCredentials;
}

export interface IssuedCertificate {
  serial: string;
  der: Uint8Array;
  pem: string;
}

export class IssuanceError extends Error {
  override readonly name = 'IssuanceError';
  constructor(
    message: string,
    readonly findings: Finding[] = [],
  ) {
    super(message);
  }
}

/** Throws with the findings when any is an error. */
function assertClean(serial: string, findings: Finding[]): void {
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    throw new IssuanceError(
      `certificate ${serial} failed the SHAKEN lint: ${errors.map((e) => e.rule).join(', ')}`,
      findings,
    );
  }
}

export function issuerKeyIdentifier(cert: X509Certificate): Uint8Array {
  const ski = cert.getExtension(SubjectKeyIdentifierExtension);
  if (!ski) throw new IssuanceError('the issuing CA certificate has no subject key identifier');
  return new Uint8Array(Buffer.from(ski.keyId, 'hex'));
}

export function crlIssuerNameDer(dn: string | Binary | undefined): Uint8Array | undefined {
  if (dn === undefined) return undefined;
  return typeof dn === 'string' ? new Uint8Array(new Name(dn).toArrayBuffer()) : toBytes(dn);
}

export class ShakenIssuer {
  /** The CA's extensions for the configuration last used (policy and CRL rarely change while running). */
  private caExtensions:
    { policyOid: string; crlUrl: string; crlIssuerName: string; value: ShakenCaExtensions } | undefined;

  private constructor(
    private readonly signer: Signer,
    private readonly ca: IssuerFacts,
    /** The issuing certificate's pathLenConstraint, when it has one. */
    private readonly pathLen: number | undefined,
    /** The SPC in the issuing certificate's TNAuthList: set when it is an STI-SCA. */
    private readonly issuerSpc: string | undefined,
  ) {}

  /** Checks that the CA certificate may issue and that the signer holds its key. */
  static async create({ certificate, signer }: CaCredentials): Promise<ShakenIssuer> {
    const facts = issuerFacts(certificate);
    const signerSpki = await spkiOf(signer.publicKey);
    if (!bytesEqual(signerSpki, facts.spki)) {
      throw new IssuanceError("the signer's key is not the issuing CA certificate's key");
    }
    const basicConstraints = certificate.getExtension(BasicConstraintsExtension);
    if (!basicConstraints?.ca) {
      throw new IssuanceError('the issuing certificate is not a CA certificate (basic constraints CA:TRUE)');
    }
    const keyUsage = certificate.getExtension(KeyUsagesExtension);
    if (!keyUsage || !(keyUsage.usages & KeyUsageFlags.keyCertSign)) {
      throw new IssuanceError('the issuing certificate may not sign certificates (keyCertSign)');
    }
    const tn = certificate.getExtension(TN_AUTH_LIST_OID);
    return new ShakenIssuer(
      signer,
      { ...facts, keyId: issuerKeyIdentifier(certificate) },
      basicConstraints.pathLength,
      tn ? decodeTnAuthList(tn.value) : undefined,
    );
  }

  async issue(req: LeafRequest): Promise<IssuedCertificate> {
    const x = await this.prepare(req);
    const tbs = this.tbs(
      x,
      req,
      shakenSubject(req.spc, req.companyName),
      shakenExtensionsDer({ ...x.params, spc: req.spc }, x.ca),
    );
    return this.signLinted(
      x.serial,
      tbs,
      lintShakenTbsCertificate(tbs, { issuer: this.ca, expectedSpc: req.spc, ...x.expect }),
    );
  }

  /**
   * An STI-SCA for the provider holding `req.spc` (docs/delegates.md): a CA certificate, pathLen 0, with the SPC
   * in its TNAuthList. Only an issuer whose own path length leaves room for one more CA may issue it.
   */
  async issueStiSca(req: LeafRequest): Promise<IssuedCertificate> {
    if (this.pathLen === 0)
      throw new IssuanceError('the issuing CA has pathLenConstraint 0: it cannot issue an STI-SCA');
    const x = await this.prepare(req);
    const tbs = this.tbs(
      x,
      req,
      providerSubject(req.spc, req.companyName, stiScaCommonName(req.spc)),
      stiScaExtensionsDer({ ...x.params, spc: req.spc }, x.ca),
    );
    const findings = lintShakenCaTbsCertificate(tbs, {
      role: 'sti-sca',
      issuer: this.ca,
      policyOid: x.expect.policyOid,
      expectedSpc: req.spc,
    });
    return this.signLinted(x.serial, tbs, findings);
  }

  /**
   * A delegate certificate for `req.entries` (numbers and ranges), issued by this issuer when it is an STI-SCA:
   * its CN names the STI-SCA's SPC, its O the delegate's organization (`companyName`). Encompassment of the
   * numbers is the caller's to check first (uncoveredByInventory); the validity must end within the STI-SCA's.
   */
  async issueDelegate(req: DelegateRequest): Promise<IssuedCertificate> {
    const spc = this.issuerSpc;
    if (!spc) throw new IssuanceError('the issuing certificate is no STI-SCA: it names no SPC');
    const x = await this.prepare(req);
    const tbs = this.tbs(
      x,
      req,
      providerSubject(spc, req.companyName, delegateCommonName(spc)),
      delegateExtensionsDer({ ...x.params, entries: req.entries }, x.ca),
    );
    const findings = lintShakenTbsCertificate(tbs, {
      issuer: this.ca,
      profile: 'delegate',
      expectedSpc: spc,
      expectedEntries: req.entries,
      ...x.expect,
    });
    return this.signLinted(x.serial, tbs, findings);
  }

  /** What every profile computes the same way from a request. */
  private async prepare(req: Omit<LeafRequest, 'spc'>) {
    assertSerial(req.serial);
    const serial = req.serial.toLowerCase();
    const policyOid = req.policyOid ?? SHAKEN_CP_OID;
    const crlIssuerName = crlIssuerNameDer(req.crl.issuerDn);
    const spki = await subjectPublicKeyInfo(req.subjectPublicKey);
    const subjectKeyId = keyIdentifierFromSpki(spki);
    const issuerKeyId = this.ca.keyId;
    const crlUrl = req.crl.url;
    return {
      serial,
      spki,
      ca: this.caExtensionsFor(policyOid, crlUrl, crlIssuerName),
      params: { subjectKeyId, issuerKeyId, policyOid, crlUrl, crlIssuerName },
      expect: { policyOid, crlUrl, crlIssuerName },
    };
  }

  private tbs(
    x: { serial: string; spki: Uint8Array },
    req: Pick<LeafRequest, 'notBefore' | 'notAfter'>,
    subject: Uint8Array,
    extensions: Uint8Array[],
  ): Uint8Array {
    const { notBefore, notAfter } = req;
    const template = { serial: x.serial, subject, issuer: this.ca.subject, notBefore, notAfter, extensions };
    return encodeTbsCertificate(template, x.spki);
  }

  /** Signs a TBSCertificate whose lint `findings` hold no error, then checks the signature. */
  private async signLinted(serial: string, tbs: Uint8Array, findings: Finding[]): Promise<IssuedCertificate> {
    assertClean(serial, findings);
    const der = await signTbsCertificate(tbs, this.signer);
    // A self-tested in-process signer is trusted per signature; any other signer's every signature is verified.
    assertClean(
      serial,
      lintCertificateSignature(der, { issuer: this.ca, verifySignature: !this.signer.selfTested }),
    );
    return { serial, der, pem: certificateDerToPem(der) };
  }

  private caExtensionsFor(policyOid: string, crlUrl: string, crlIssuerName: Uint8Array | undefined) {
    const issuerName = crlIssuerName ? hex(crlIssuerName) : '';
    const c = this.caExtensions;
    if (c?.policyOid === policyOid && c.crlUrl === crlUrl && c.crlIssuerName === issuerName) return c.value;
    const value = shakenCaExtensions({ issuerKeyId: this.ca.keyId, policyOid, crlUrl, crlIssuerName });
    this.caExtensions = { policyOid, crlUrl, crlIssuerName: issuerName, value };
    return value;
  }
}

/** One certificate from a one-off issuer, parsed: for tools and tests. The portal keeps a ShakenIssuer. */
export async function buildShakenCertificate(req: ShakenCertificateRequest): Promise<X509Certificate> {
  const issued = await (await ShakenIssuer.create(req.issuer)).issue(req);
  return new X509Certificate(toArrayBuffer(issued.der));
}
