// The validity a newOrder may ask for: its form (RFC 3339, to the second), and its limits (now, the policy's 365
// days from notBefore, the paid period), at the order and at finalize.
import { describe, expect, it } from 'vitest';
import { AcmeProblem } from '../../server/src/acme/problems';
import { requestedValidity, validityWithin } from '../../server/src/acme/validity';

const DAY = 86_400_000;
const NOW = new Date('2026-11-28T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AcmeProblem);
    expect((e as AcmeProblem).toDocument().type).toBe('urn:ietf:params:acme:error:malformed');
    return (e as AcmeProblem).message;
  }
  return 'accepted';
}

describe('requestedValidity', () => {
  it('reads RFC 3339 date-times, to the second: notBefore never earlier, notAfter never later', () => {
    expect(requestedValidity({})).toEqual({ notBefore: null, notAfter: null });
    expect(
      requestedValidity({ notBefore: '2026-12-01T10:00:00.250Z', notAfter: '2027-02-26t00:00:00.999z' }),
    ).toEqual({
      notBefore: new Date('2026-12-01T10:00:01Z'),
      notAfter: new Date('2027-02-26T00:00:00Z'),
    });
    expect(requestedValidity({ notAfter: '2027-02-26T01:00:00+01:00' }).notAfter).toEqual(
      new Date('2027-02-26T00:00:00Z'),
    );
  });

  it('refuses anything else, without rolling a day or an hour over', () => {
    for (const notAfter of [
      '2027-02-30T00:00:00Z',
      '2027-02-28T24:00:00Z',
      '2027-13-01T00:00:00Z',
      '2027-02-28',
      '2027-02-28 00:00:00Z',
      '2027-02-28T00:00:00',
      1803772800,
      {},
    ])
      expect(
        refusal(() => requestedValidity({ notAfter })),
        String(notAfter),
      ).toMatch(/notAfter must be an RFC 3339 date-time/);
  });
});

describe('validityWithin', () => {
  const paidUntil = at(200 * DAY);
  const placing = { now: NOW, paidUntil, placing: true };

  it('is null when the order asks for neither (the portal decides)', () => {
    expect(validityWithin({ notBefore: null, notAfter: null }, placing)).toBeNull();
  });

  it('gives what was asked, completing a missing end with the portal rule', () => {
    expect(validityWithin({ notBefore: null, notAfter: at(90 * DAY) }, placing)).toEqual({
      notBefore: at(-5 * 60_000),
      notAfter: at(90 * DAY),
    });
    // notBefore alone: the certificate ends at the policy's lifetime or the paid period, whichever is first
    expect(validityWithin({ notBefore: at(DAY), notAfter: null }, placing)).toEqual({
      notBefore: at(DAY),
      notAfter: paidUntil,
    });
    expect(
      validityWithin({ notBefore: at(DAY), notAfter: null }, { ...placing, paidUntil: at(900 * DAY) }),
    ).toEqual({ notBefore: at(DAY), notAfter: at(366 * DAY) });
  });

  it("tolerates a client's clock up to 5 minutes behind, when the order is placed only", () => {
    expect(refusal(() => validityWithin({ notBefore: at(-4 * 60_000), notAfter: null }, placing))).toBe(
      'accepted',
    );
    expect(refusal(() => validityWithin({ notBefore: at(-6 * 60_000), notAfter: null }, placing))).toBe(
      `notBefore must not be in the past (it may be ${NOW.toISOString()} or later)`,
    );
    // at finalize, the notBefore the order was accepted with may have passed
    expect(
      validityWithin({ notBefore: at(-DAY), notAfter: at(DAY) }, { ...placing, placing: false }),
    ).toEqual({ notBefore: at(-DAY), notAfter: at(DAY) });
  });

  it('names the limit that refuses: the earlier of the policy and the paid period', () => {
    expect(refusal(() => validityWithin({ notBefore: at(DAY), notAfter: at(DAY) }, placing))).toBe(
      `notAfter must be after notBefore (${iso(DAY)})`,
    );
    expect(refusal(() => validityWithin({ notBefore: null, notAfter: at(-60_000) }, placing))).toBe(
      'notAfter must be in the future',
    );
    expect(refusal(() => validityWithin({ notBefore: null, notAfter: at(201 * DAY) }, placing))).toBe(
      `notAfter must be at most ${paidUntil.toISOString()}: the end of the paid period`,
    );
    const longPaid = { ...placing, paidUntil: at(900 * DAY) };
    expect(refusal(() => validityWithin({ notBefore: at(DAY), notAfter: at(367 * DAY) }, longPaid))).toBe(
      `notAfter must be at most ${iso(366 * DAY)}: the longest validity the policy allows (365 days from notBefore)`,
    );
    // exactly at each limit is allowed
    expect(validityWithin({ notBefore: at(DAY), notAfter: at(366 * DAY) }, longPaid)?.notAfter).toEqual(
      at(366 * DAY),
    );
    expect(validityWithin({ notBefore: null, notAfter: paidUntil }, placing)?.notAfter).toEqual(paidUntil);
  });
});
