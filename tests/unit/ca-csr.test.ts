// The CA's PKCS#10 reader on requests made by OpenSSL (a hand that is not ours): what it reads, that OpenSSL agrees
// the signature verifies when it says so, and the malformed encodings it refuses.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSR_OIDS,
  TN_AUTH_LIST_OID,
  basicConstraintsCa,
  csrSignatureVerifies,
  encodeTnAuthList,
  parseCsr,
} from '../../server/src/ca';

let dir: string;
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8' });

/** A CSR made by `openssl req`, as DER, with the key of `keyArgs` and the extensions given. */
function opensslCsr(name: string, keyArgs: string[], extensions: string[]): Uint8Array {
  openssl('genpkey', ...keyArgs, '-out', `${name}.key`);
  openssl(
    'req',
    '-new',
    '-key',
    `${name}.key`,
    '-subj',
    '/CN=SHAKEN 001A',
    ...extensions.flatMap((e) => ['-addext', e]),
    '-outform',
    'DER',
    '-out',
    `${name}.der`,
  );
  return new Uint8Array(fs.readFileSync(path.join(dir, `${name}.der`)));
}

const tnAuthListHex = Buffer.from(encodeTnAuthList('001A')).toString('hex').toUpperCase();
const EC = ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-csr-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('parseCsr', () => {
  it('reads a P-256 request with a TNAuthList, a CA basic constraint and a CRL distribution point', () => {
    const der = opensslCsr('full', EC, [
      `${TN_AUTH_LIST_OID}=DER:${tnAuthListHex}`,
      'basicConstraints=critical,CA:TRUE',
      'crlDistributionPoints=URI:https://sti-pa.example/crl',
    ]);
    const csr = parseCsr(der);
    expect(csr.keyAlgorithm).toBe(CSR_OIDS.ecPublicKey);
    expect(csr.keyParameters).toBe(CSR_OIDS.prime256v1);
    expect(csr.signatureAlgorithm).toBe(CSR_OIDS.ecdsaWithSha256);
    expect(csrSignatureVerifies(csr)).toBe(true);
    // the key OpenSSL holds is the one read
    openssl('pkey', '-in', 'full.key', '-pubout', '-outform', 'DER', '-out', 'full.pub');
    expect(Buffer.from(csr.spki).equals(fs.readFileSync(path.join(dir, 'full.pub')))).toBe(true);
    const byOid = new Map(csr.extensions.map((e) => [e.oid, e]));
    expect(Buffer.from(byOid.get(TN_AUTH_LIST_OID)!.value).toString('hex').toUpperCase()).toBe(tnAuthListHex);
    expect(byOid.get(CSR_OIDS.basicConstraints)!.critical).toBe(true);
    expect(basicConstraintsCa(byOid.get(CSR_OIDS.basicConstraints)!.value)).toBe(true);
    expect(byOid.has(CSR_OIDS.crlDistributionPoints)).toBe(true);
  });

  it('reads a request without extensions, and an RSA one for what it is', () => {
    const bare = parseCsr(opensslCsr('bare', EC, []));
    expect(bare.extensions).toEqual([]);
    expect(csrSignatureVerifies(bare)).toBe(true);
    const rsa = parseCsr(opensslCsr('rsa', ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'], []));
    expect(rsa.keyAlgorithm).toBe('1.2.840.113549.1.1.1');
    expect(rsa.keyParameters).toBeNull();
    expect(rsa.signatureAlgorithm).not.toBe(CSR_OIDS.ecdsaWithSha256);
  });

  it('says a tampered request does not verify, as OpenSSL does', () => {
    const der = opensslCsr('tampered', EC, [`${TN_AUTH_LIST_OID}=DER:${tnAuthListHex}`]);
    const at = Buffer.from(der).indexOf(Buffer.from('001A'));
    const tampered = der.slice();
    tampered[at + 3] = 'B'.charCodeAt(0);
    fs.writeFileSync(path.join(dir, 'tampered-bad.der'), tampered);
    // OpenSSL 3.0 says so on its output (its exit status is 0 either way)
    const opensslVerify = (file: string) => {
      const run = spawnSync('openssl', ['req', '-in', file, '-inform', 'DER', '-verify', '-noout'], {
        cwd: dir,
        encoding: 'utf8',
      });
      return `${run.stdout}${run.stderr}`;
    };
    expect(opensslVerify('tampered-bad.der')).toMatch(/verify failure/);
    expect(opensslVerify('tampered.der')).toMatch(/verify OK/);
    expect(csrSignatureVerifies(parseCsr(tampered))).toBe(false);
    expect(csrSignatureVerifies(parseCsr(der))).toBe(true);
  });

  it('refuses what is not a DER request: truncated, trailing bytes, a long-form length that is not minimal', () => {
    const der = opensslCsr('strict', EC, []);
    expect(() => parseCsr(der.subarray(0, der.length - 1))).toThrow();
    expect(() => parseCsr(new Uint8Array([...der, 0]))).toThrow();
    // the outer length re-encoded with one more length octet (BER, not DER)
    const [, first] = der;
    const lengthOctets = first & 0x7f;
    const reencoded = new Uint8Array([0x30, 0x80 | (lengthOctets + 1), 0, ...der.subarray(2)]);
    expect(() => parseCsr(reencoded)).toThrow(/non-minimal/);
    expect(() => parseCsr(new Uint8Array([0x30, 0x00]))).toThrow();
  });

  it('reads basicConstraints cA as DER has it: TRUE as 0xFF, absent for false; a BER TRUE is refused', () => {
    expect(basicConstraintsCa(new Uint8Array([0x30, 0x03, 0x01, 0x01, 0xff]))).toBe(true);
    expect(basicConstraintsCa(new Uint8Array([0x30, 0x00]))).toBe(false);
    expect(basicConstraintsCa(new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x00]))).toBe(false);
    expect(() => basicConstraintsCa(new Uint8Array([0x30, 0x03, 0x01, 0x01, 0x01]))).toThrow(/DER TRUE/);
  });
});
