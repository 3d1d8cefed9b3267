// ca/crl.ts: a CRL built and signed from an issuer, its entries, its number and its times, with no storage.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CRL_VALIDITY_MS,
  type CrlIssuer,
  X509Crl,
  createCaHierarchy,
  crlTimes,
  signCrl,
} from '../../server/src/ca';
import { X509CrlReason } from '../../server/src/ca/x509';

let issuer: CrlIssuer;

beforeAll(async () => {
  const ca = await createCaHierarchy({ organization: 'Test STI-CA', crlUrl: 'http://ca.test/crl/root.crl' });
  issuer = { id: 'int-1', certificate: ca.intermediate.certificate, signer: ca.intermediate.signer };
});

describe('signCrl', () => {
  it('signs a v2 CRL with AKI, the CRL number, whole-second times and the reasons given', async () => {
    const { thisUpdate, nextUpdate } = crlTimes(new Date('2026-11-21T12:00:00.750Z'));
    expect(thisUpdate.toISOString()).toBe('2026-11-21T12:00:00.000Z');
    expect(nextUpdate.getTime() - thisUpdate.getTime()).toBe(CRL_VALIDITY_MS);
    const der = await signCrl(issuer, {
      crlNumber: 300,
      thisUpdate,
      nextUpdate,
      entries: [
        {
          serial: '0a0b0c0d0e0f1011',
          revokedAt: new Date('2026-11-20T10:00:00.999Z'),
          reason: 'key_compromise',
        },
        { serial: '1122334455667788', revokedAt: new Date('2026-11-20T11:00:00Z'), reason: 'unspecified' },
        { serial: '2233445566778899', revokedAt: new Date('2026-11-20T12:00:00Z'), reason: null },
      ],
    });
    const crl = new X509Crl(der as Uint8Array<ArrayBuffer>);
    expect(crl.version).toBe(1);
    expect(crl.issuer).toBe(issuer.certificate.subject);
    expect(await crl.verify({ publicKey: issuer.certificate.publicKey })).toBe(true);
    expect(crl.thisUpdate.toISOString()).toBe(thisUpdate.toISOString());
    const number = crl.extensions.find((e) => e.type === '2.5.29.20')!;
    expect(Buffer.from(number.value).toString('hex')).toBe('0202012c');
    expect(crl.extensions.some((e) => e.type === '2.5.29.35')).toBe(true);
    const first = crl.findRevoked('0a0b0c0d0e0f1011')!;
    expect(first.revocationDate.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(first.reason).toBe(X509CrlReason.keyCompromise);
    // RFC 5280 §5.3.1: reasonCode unspecified is left out, like no reason at all.
    expect(crl.findRevoked('1122334455667788')!.reason).toBeUndefined();
    expect(crl.findRevoked('2233445566778899')!.reason).toBeUndefined();
  });
});
