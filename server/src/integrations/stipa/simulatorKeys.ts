// The simulator's own PKI: a root ('STI-PA SIM ROOT', the trust anchor in simulator mode) and the EC P-256
// certificate that signs SPC tokens. Created at first use, kept in $DATA_DIR/stipa-sim/ so tokens and the
// trust anchor survive restarts. Simulator keys only: they sign nothing a real verifier would trust.
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

export interface SimulatorKeys {
  rootPem: string;
  signerCertificate: X509Certificate;
  signerPem: string;
  signer: Signer;
  /** The file name under /certificate/ (without .crt): stable per signing key. */
  certificateName: string;
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
  const signerKeys = await generateP256KeyPair();
  const signerCert = await signCertificate(
    {
      serial: newSerial(),
      subject: name(SIM_SIGNER_CN),
      issuer: rootName,
      subjectPublicKey: signerKeys.publicKey,
      ...years(now, 10),
      extensions: [
        extension(OID.keyUsage, true, keyUsageValue([KEY_USAGE.digitalSignature])),
        extension(OID.basicConstraints, true, basicConstraintsValue(false)),
        extension(
          OID.subjectKeyIdentifier,
          false,
          subjectKeyIdentifierValue(await keyIdentifier(signerKeys.publicKey)),
        ),
        extension(OID.authorityKeyIdentifier, false, authorityKeyIdentifierValue(rootKeyId)),
      ],
    },
    rootSigner,
  );
  const pkcs8 = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', signerKeys.privateKey));
  return {
    rootPem: root.toString('pem'),
    signerPem: signerCert.toString('pem'),
    signerKeyPem: privateKeyToPem(pkcs8),
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

async function loadOrCreate(dir: string, now: Date): Promise<SimulatorKeys> {
  const files = {
    root: path.join(dir, 'root.pem'),
    cert: path.join(dir, 'signer.pem'),
    key: path.join(dir, 'signer.key'),
  };
  if (!Object.values(files).every((f) => fs.existsSync(f))) {
    const created = await createKeys(now);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(files.key, created.signerKeyPem, { mode: 0o600 });
    fs.writeFileSync(files.cert, created.signerPem);
    fs.writeFileSync(files.root, created.rootPem);
  }
  const rootPem = fs.readFileSync(files.root, 'utf8');
  const signerPem = fs.readFileSync(files.cert, 'utf8');
  const signerCertificate = new X509Certificate(signerPem);
  const [pkcs8] = PemConverter.decode(fs.readFileSync(files.key, 'utf8'));
  const signer = await SoftwareSigner.fromPkcs8(new Uint8Array(pkcs8));
  const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', signer.publicKey));
  if (Buffer.compare(Buffer.from(spki), Buffer.from(signerCertificate.publicKey.rawData)) !== 0)
    throw new Error(`the STI-PA simulator key in ${dir} does not belong to its certificate`);
  const certificateName = `sim-${createHash('sha256').update(spki).digest('hex').slice(0, 16)}`;
  return {
    rootPem,
    signerCertificate,
    signerPem: signerCertificate.toString('pem'),
    signer,
    certificateName,
  };
}
