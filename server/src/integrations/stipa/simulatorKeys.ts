// The simulator's own PKI: a root ('STI-PA SIM ROOT', the trust anchor in simulator mode), the EC P-256
// certificate that signs SPC tokens and the one that signs the SHAKEN CRL (cRLSign only). Created at first use
// (the CRL signer also in a folder of an earlier release, which had none), kept in $DATA_DIR/stipa-sim/ so tokens,
// CRLs and the trust anchor survive restarts. Simulator keys only: they sign nothing a real verifier would trust.
import { createHash, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  BACKDATE_MS,
  KEY_USAGE,
  OID,
  PemConverter,
  type Signer,
  SoftwareSigner,
  X509Certificate,
  authorityKeyIdentifierValue,
  basicConstraintsValue,
  encodeName,
  extension,
  generateP256KeyPair,
  keyIdentifier,
  keyUsageValue,
  newSerial,
  privateKeyToPem,
  signCertificate,
  subjectKeyIdentifierValue,
} from '../../ca';

export const SIM_ROOT_CN = 'STI-PA SIM ROOT';
export const SIM_SIGNER_CN = 'STI-PA SIM SPC Token Signing';
export const SIM_CRL_CN = 'STI-PA SIM SHAKEN CRL';

export interface SimulatorKeys {
  rootPem: string;
  signerCertificate: X509Certificate;
  signerPem: string;
  signer: Signer;
  /** The file name under /certificate/ (without .crt): stable per signing key. */
  certificateName: string;
  /** The certificate and key that sign the simulator's SHAKEN CRL. */
  crlSigner: { certificate: X509Certificate; signer: Signer };
}

const name = (cn: string) =>
  encodeName([
    { type: 'C', value: 'US' },
    { type: 'O', value: 'STI-PA Simulator' },
    { type: 'CN', value: cn },
  ]);

function years(now: Date, n: number) {
  const notBefore = new Date(Math.floor((now.getTime() - BACKDATE_MS) / 1000) * 1000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + n);
  return { notBefore, notAfter };
}

/** An end-entity certificate under the simulator's root: its key usage, a new P-256 key, SKI and AKI. */
async function issueUnderRoot(
  root: { signer: Signer; keyId: Uint8Array },
  cn: string,
  usage: number,
  now: Date,
): Promise<{ pem: string; keyPem: string }> {
  const keys = await generateP256KeyPair();
  const certificate = await signCertificate(
    {
      serial: newSerial(),
      subject: name(cn),
      issuer: name(SIM_ROOT_CN),
      subjectPublicKey: keys.publicKey,
      ...years(now, 10),
      extensions: [
        extension(OID.keyUsage, true, keyUsageValue([usage])),
        extension(OID.basicConstraints, true, basicConstraintsValue(false)),
        extension(
          OID.subjectKeyIdentifier,
          false,
          subjectKeyIdentifierValue(await keyIdentifier(keys.publicKey)),
        ),
        extension(OID.authorityKeyIdentifier, false, authorityKeyIdentifierValue(root.keyId)),
      ],
    },
    root.signer,
  );
  const pkcs8 = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { pem: certificate.toString('pem'), keyPem: privateKeyToPem(pkcs8) };
}

async function createKeys(now: Date) {
  const rootKeys = await generateP256KeyPair();
  const rootSigner = SoftwareSigner.fromKeyPair(rootKeys);
  const rootName = name(SIM_ROOT_CN);
  const rootKeyId = await keyIdentifier(rootKeys.publicKey);
  const root = await signCertificate(
    {
      serial: newSerial(),
      subject: rootName,
      issuer: rootName,
      subjectPublicKey: rootKeys.publicKey,
      ...years(now, 20),
      extensions: [
        extension(OID.keyUsage, true, keyUsageValue([KEY_USAGE.keyCertSign, KEY_USAGE.cRLSign])),
        extension(OID.basicConstraints, true, basicConstraintsValue(true)),
        extension(OID.subjectKeyIdentifier, false, subjectKeyIdentifierValue(rootKeyId)),
      ],
    },
    rootSigner,
  );
  const rootPkcs8 = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', rootKeys.privateKey));
  const token = await issueUnderRoot(
    { signer: rootSigner, keyId: rootKeyId },
    SIM_SIGNER_CN,
    KEY_USAGE.digitalSignature,
    now,
  );
  return {
    rootPem: root.toString('pem'),
    rootKeyPem: privateKeyToPem(rootPkcs8),
    signerPem: token.pem,
    signerKeyPem: token.keyPem,
  };
}

/**
 * The simulator's keys for `dataDir`, loaded from disk (or created and saved) on first use and then kept: one
 * keyring per app, built by the composition root and shared by the simulator's routes and the STI-PA trust policy.
 */
export function simulatorKeyring(
  dataDir: string,
  now: () => Date = () => new Date(),
): () => Promise<SimulatorKeys> {
  let entry: Promise<SimulatorKeys> | undefined;
  return () => {
    if (!entry) {
      entry = loadOrCreate(path.join(dataDir, 'stipa-sim'), now());
      entry.catch(() => (entry = undefined));
    }
    return entry;
  };
}

/** A certificate and its key from `certFile` and `keyFile`, checked to belong together. */
async function loadPair(dir: string, certFile: string, keyFile: string) {
  const certificate = new X509Certificate(fs.readFileSync(path.join(dir, certFile), 'utf8'));
  const [pkcs8] = PemConverter.decode(fs.readFileSync(path.join(dir, keyFile), 'utf8'));
  const signer = await SoftwareSigner.fromPkcs8(new Uint8Array(pkcs8));
  const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', signer.publicKey));
  if (Buffer.compare(Buffer.from(spki), Buffer.from(certificate.publicKey.rawData)) !== 0)
    throw new Error(`the STI-PA simulator key ${keyFile} in ${dir} does not belong to ${certFile}`);
  return { certificate, signer, spki };
}

/** The CRL signer, made once under the simulator's root (whose key is kept beside it). */
async function ensureCrlSigner(dir: string, now: Date): Promise<void> {
  if (fs.existsSync(path.join(dir, 'crl.pem')) && fs.existsSync(path.join(dir, 'crl.key'))) return;
  const root = await loadPair(dir, 'root.pem', 'root.key');
  const crl = await issueUnderRoot(
    { signer: root.signer, keyId: await keyIdentifier(root.signer.publicKey) },
    SIM_CRL_CN,
    KEY_USAGE.cRLSign,
    now,
  );
  fs.writeFileSync(path.join(dir, 'crl.key'), crl.keyPem, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, 'crl.pem'), crl.pem);
}

async function loadOrCreate(dir: string, now: Date): Promise<SimulatorKeys> {
  const files = ['root.pem', 'signer.pem', 'signer.key'].map((f) => path.join(dir, f));
  // A folder of an earlier release has no root key: its root can certify nothing more, so it is replaced whole
  // (the simulator's root is the trust anchor of simulated SPC tokens only; nothing issued depends on it later).
  const complete = files.every((f) => fs.existsSync(f)) && fs.existsSync(path.join(dir, 'root.key'));
  if (!complete) {
    const created = await createKeys(now);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(dir, 'root.key'), created.rootKeyPem, { mode: 0o600 });
    fs.writeFileSync(path.join(dir, 'signer.key'), created.signerKeyPem, { mode: 0o600 });
    fs.writeFileSync(path.join(dir, 'signer.pem'), created.signerPem);
    fs.writeFileSync(path.join(dir, 'root.pem'), created.rootPem);
    fs.rmSync(path.join(dir, 'crl.pem'), { force: true });
  }
  await ensureCrlSigner(dir, now);
  const rootPem = fs.readFileSync(path.join(dir, 'root.pem'), 'utf8');
  const token = await loadPair(dir, 'signer.pem', 'signer.key');
  const crl = await loadPair(dir, 'crl.pem', 'crl.key');
  const certificateName = `sim-${createHash('sha256').update(token.spki).digest('hex').slice(0, 16)}`;
  return {
    rootPem,
    signerCertificate: token.certificate,
    signerPem: token.certificate.toString('pem'),
    signer: token.signer,
    certificateName,
    crlSigner: { certificate: crl.certificate, signer: crl.signer },
  };
}
