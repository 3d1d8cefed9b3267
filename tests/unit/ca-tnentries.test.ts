import { describe, expect, it } from 'vitest';
import { TAG, ia5, node, writeDer } from '../../server/src/ca/der';
import { TnAuthListError, decodeTnAuthList, encodeTnAuthList } from '../../server/src/ca/tnAuthList';
import { compressNumbers, covers, uncoveredByInventory } from '../../server/src/ca/tnCoverage';
import { type TnAuthEntry, decodeTnEntries, encodeTnEntries } from '../../server/src/ca/tnEntries';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();
const fromHex = (h: string) => new Uint8Array(Buffer.from(h.replace(/\s/g, ''), 'hex'));
const ascii = (s: string) => Buffer.from(s).toString('hex').toUpperCase();

describe('TNAuthList entries (RFC 8226, explicit tags)', () => {
  it('encodes one range as [1] around SEQUENCE { IA5String start, INTEGER count }', () => {
    // 30 13: the list; A1 11: [1]; 30 0F: the range; 16 0A "2025550100"; 02 01 64: count 100.
    const der = encodeTnEntries([{ range: { start: '2025550100', count: 100 } }]);
    expect(hex(der)).toBe(`3013A111300F160A${ascii('2025550100')}020164`);
    expect(decodeTnEntries(der)).toEqual([{ range: { start: '2025550100', count: 100 } }]);
  });

  it('encodes one number as [2] around an IA5String', () => {
    // 30 0E: the list; A2 0C: [2]; 16 0A "2025550123".
    const der = encodeTnEntries([{ one: '2025550123' }]);
    expect(hex(der)).toBe(`300EA20C160A${ascii('2025550123')}`);
    expect(decodeTnEntries(der)).toEqual([{ one: '2025550123' }]);
  });

  it('encodes the SPC as the one-SPC functions do, and a count whose top bit is set with a 00 octet', () => {
    expect(hex(encodeTnEntries([{ spc: '073K' }]))).toBe(hex(encodeTnAuthList('073K')));
    expect(hex(encodeTnEntries([{ range: { start: '120', count: 128 } }]))).toBe(
      '300DA10B3009160331323002020080',
    );
  });

  it('round-trips a mixed list in its order', () => {
    const entries: TnAuthEntry[] = [
      { one: '12025550123' },
      { range: { start: '2025550100', count: 2 } },
      { one: '*67#' },
      { spc: '1234' },
      { range: { start: '9999000000', count: 1_000_000 } },
    ];
    expect(decodeTnEntries(encodeTnEntries(entries))).toEqual(entries);
  });

  it('keeps the one-SPC decoder refusing numbers (SHAKEN certificates carry one SPC)', () => {
    expect(() => decodeTnAuthList(encodeTnEntries([{ one: '2025550123' }]))).toThrow(TnAuthListError);
    expect(() => decodeTnAuthList(encodeTnEntries([{ range: { start: '20', count: 2 } }]))).toThrow(
      TnAuthListError,
    );
  });

  it.each<[string, TnAuthEntry[]]>([
    ['no entry', []],
    ['count 1', [{ range: { start: '2025550100', count: 1 } }]],
    ['count 0', [{ range: { start: '2025550100', count: 0 } }]],
    ['fractional count', [{ range: { start: '2025550100', count: 2.5 } }]],
    ['range crossing a change of length', [{ range: { start: '9999999999', count: 2 } }]],
    ['range start with #', [{ range: { start: '202#', count: 2 } }]],
    ['16-digit number', [{ one: '1234567890123456' }]],
    ['empty number', [{ one: '' }]],
    ['plus sign', [{ one: '+12025550123' }]],
    ['lower-case SPC', [{ spc: '073k' }]],
  ])('refuses to encode: %s', (_name, entries) => {
    expect(() => encodeTnEntries(entries)).toThrow(TnAuthListError);
  });

  const range = (start: string, countHex: string, extra = '') => {
    const body = `16${(start.length / 2).toString(16).padStart(2, '0')}${start}${countHex}${extra}`;
    const seq = `30${(body.length / 2).toString(16).padStart(2, '0')}${body}`;
    const tagged = `A1${(seq.length / 2).toString(16).padStart(2, '0')}${seq}`;
    return `30${(tagged.length / 2).toString(16).padStart(2, '0')}${tagged}`;
  };

  it.each([
    ['empty list', '3000'],
    ['trailing byte', `300EA20C160A${ascii('2025550123')}00`],
    ['count 1', range(ascii('2025550100'), '020101')],
    ['negative count', range(ascii('2025550100'), '0201FE')],
    ['non-minimal count', range(ascii('2025550100'), '02020064')],
    ['count not an INTEGER', range(ascii('2025550100'), '040164')],
    ['a third range field', range(ascii('2025550100'), '020164', '0101FF')],
    ['range past the digits', range(ascii('9999999998'), '020103')],
    ['range start with a letter', range(ascii('20255501A0'), '020164')],
    ['implicit [2]', `300C820A${ascii('2025550123')}`],
    ['number with a letter', `300EA20C160A${ascii('202555012A')}`],
    ['number as UTF8String', `300EA20C0C0A${ascii('2025550123')}`],
    ['16 digits', `3014A2121610${ascii('1234567890123456')}`],
    ['unknown choice [3]', `300EA30C160A${ascii('2025550123')}`],
    ['two values in one entry', `3012A210160A${ascii('2025550123')}1602${ascii('12')}`],
  ])('refuses to decode: %s', (_name, h) => {
    expect(() => decodeTnEntries(fromHex(h))).toThrow(TnAuthListError);
  });
});

/**
 * The TNAuthList as the generic DER writer (der.ts) makes it, a TLV object per field: what encodeTnEntries wrote
 * before it wrote the entries in one pass. Every input below must come out byte for byte the same.
 */
function referenceDer(entries: readonly TnAuthEntry[]): Uint8Array {
  const count = (n: number) => {
    const bytes: number[] = [];
    for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
    if (bytes.length === 0 || bytes[0] & 0x80) bytes.unshift(0);
    return Uint8Array.from(bytes);
  };
  const parts = entries.map((e) =>
    'spc' in e
      ? node(0xa0, ia5(e.spc))
      : 'one' in e
        ? node(0xa2, ia5(e.one))
        : node(0xa1, node(TAG.sequence, ia5(e.range.start), node(TAG.integer, count(e.range.count)))),
  );
  return writeDer(node(TAG.sequence, ...parts));
}

describe('encodeTnEntries, written in one pass', () => {
  const scattered = (n: number, first = 13015000000): TnAuthEntry[] =>
    Array.from({ length: n }, (_, i) => ({ one: String(first + 2 * i) }));
  const same = (entries: TnAuthEntry[]) =>
    expect(hex(encodeTnEntries(entries))).toBe(hex(referenceDer(entries)));

  it('writes what the generic DER writer writes, for every kind of entry and count size', () => {
    same([{ spc: '073K' }]);
    same([{ one: '1' }, { one: '*67#' }, { one: '123456789012345' }]);
    for (const count of [2, 127, 128, 255, 256, 32_767, 32_768, 65_536, 8_388_608, 900_000_000_000_000])
      same([{ range: { start: '100000000000000', count } }, { one: '12025550123' }]);
    same([
      { one: '12025550123' },
      { range: { start: '2025550100', count: 2 } },
      { spc: '1234' },
      { range: { start: '9999000000', count: 1_000_000 } },
    ]);
  });

  it('writes the list length in one, two, three and four octets', () => {
    // entries of 15 octets (11 digits): contents of 120, 135, 255 + 15, 65,535 + 15 octets and more
    for (const n of [8, 9, 17, 18, 4_369, 4_370]) same(scattered(n));
    const lengths = [8, 9, 18, 4_370].map((n) => encodeTnEntries(scattered(n))[1]);
    expect(lengths).toEqual([0x78, 0x81, 0x82, 0x83]);
  });

  it('writes the 10,000 and the 100,000 entries of scattered selections as before', () => {
    same(scattered(10_000));
    same([
      ...scattered(50_000),
      { range: { start: '13025000000', count: 1_000_000 } },
      ...scattered(50_000, 13099000000),
    ]);
  });
});

describe('compressNumbers', () => {
  it('turns runs of two or more into ranges and the rest into singles, in number order', () => {
    expect(
      compressNumbers([
        '2025550105',
        '2025550100',
        '2025550101',
        '2025550102',
        '2025550107',
        '2025550108',
        '2025550101',
      ]),
    ).toEqual([
      { range: { start: '2025550100', count: 3 } },
      { one: '2025550105' },
      { range: { start: '2025550107', count: 2 } },
    ]);
  });

  it('never joins numbers of different lengths, and keeps leading zeros', () => {
    expect(compressNumbers(['99', '100', '0001', '0002', '9'])).toEqual([
      { one: '9' },
      { one: '99' },
      { one: '100' },
      { range: { start: '0001', count: 2 } },
    ]);
  });

  it('refuses anything but 1 to 15 digits', () => {
    for (const bad of ['+12025550123', '', '202-555-0100', '1234567890123456'])
      expect(() => compressNumbers([bad]), bad).toThrow(TnAuthListError);
  });

  it('compresses a contiguous block of a million numbers into one range in well under a second', () => {
    const tns = Array.from({ length: 1_000_000 }, (_, i) => String(2_025_000_000 + i));
    const started = performance.now();
    const entries = compressNumbers(tns);
    const ms = performance.now() - started;
    expect(entries).toEqual([{ range: { start: '2025000000', count: 1_000_000 } }]);
    expect(ms).toBeLessThan(500);
  });

  it('compresses a scattered selection of 10,000 numbers losslessly', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const chosen = new Set<number>();
    while (chosen.size < 10_000) chosen.add(3_125_550_000 + Math.floor(random() * 30_000));
    const tns = [...chosen].map(String);
    const started = performance.now();
    const entries = compressNumbers(tns);
    expect(performance.now() - started).toBeLessThan(500);
    expect(entries.length).toBeLessThan(10_000);
    expect(entries.some((e) => 'range' in e)).toBe(true);
    expect(entries.some((e) => 'one' in e)).toBe(true);
    const expanded = entries.flatMap((e) =>
      'one' in e
        ? [e.one]
        : 'range' in e
          ? Array.from({ length: e.range.count }, (_, i) => String(Number(e.range.start) + i))
          : [],
    );
    expect(expanded).toEqual([...chosen].sort((a, b) => a - b).map(String));
    // No two entries could be joined: each range or single ends before the next begins with a gap.
    expect(
      covers(
        entries,
        tns.map((one) => ({ one })),
      ).covered,
    ).toBe(true);
    expect(decodeTnEntries(encodeTnEntries(entries))).toEqual(entries);
  });
});

describe('encompassment', () => {
  const parent: TnAuthEntry[] = [
    { range: { start: '2025550100', count: 100 } }, // …100 to …199
    { one: '2025550300' },
    { range: { start: '2025550200', count: 10 } }, // …200 to …209, adjacent to the first
  ];

  it('covers numbers and ranges inside, also across adjacent parent entries', () => {
    const c = covers(parent, [
      { one: '2025550150' },
      { range: { start: '2025550190', count: 20 } },
      { one: '2025550300' },
    ]);
    expect(c).toEqual({ covered: true, uncoveredCount: 0, uncovered: [], uncoveredSpcs: [] });
  });

  it('names a number outside', () => {
    const c = covers(parent, [{ one: '2025550150' }, { one: '2025550250' }]);
    expect(c).toMatchObject({ covered: false, uncoveredCount: 1, uncovered: ['2025550250'] });
  });

  it('counts the uncovered part of an overlapping range and names the first of it, capped', () => {
    const c = covers(parent, [{ range: { start: '2025550205', count: 100 } }], 3);
    // …205–…209 covered; …210–…299 uncovered (90); …300 covered; …301–…304 uncovered (4).
    expect(c.covered).toBe(false);
    expect(c.uncoveredCount).toBe(94);
    expect(c.uncovered).toEqual(['2025550210', '2025550211', '2025550212']);
  });

  it('does not count a number twice when child entries overlap', () => {
    const c = covers(parent, [
      { range: { start: '2025550400', count: 5 } },
      { range: { start: '2025550402', count: 5 } },
      { one: '2025550404' },
    ]);
    expect(c.uncoveredCount).toBe(7);
  });

  it('does not let a number of another length or an SPC count as covered', () => {
    expect(covers(parent, [{ one: '202555015' }]).uncovered).toEqual(['202555015']);
    const spc = covers([{ spc: '073K' }], [{ spc: '073K' }, { spc: '1234' }, { one: '2025550100' }]);
    expect(spc).toMatchObject({ covered: false, uncoveredSpcs: ['1234'], uncovered: ['2025550100'] });
  });

  it('checks against the numbers a provider holds, one lookup per merged child range', async () => {
    const holding = new Set(Array.from({ length: 50 }, (_, i) => String(2_025_550_100 + i)));
    holding.add('2025550777');
    const asked: string[] = [];
    const held = (r: { start: string; count: number }) => {
      asked.push(`${r.start}+${r.count}`);
      const lo = Number(r.start);
      return [...holding, '1', 'not a number'].filter(
        (tn) => tn.length === r.start.length && Number(tn) >= lo,
      );
    };
    const ok = await uncoveredByInventory(
      [
        { range: { start: '2025550100', count: 30 } },
        { range: { start: '2025550130', count: 20 } },
        { one: '2025550777' },
      ],
      held,
    );
    expect(ok.covered).toBe(true);
    expect(asked).toEqual(['2025550100+50', '2025550777+1']);

    const bad = await uncoveredByInventory(
      [{ range: { start: '2025550140', count: 20 } }, { one: '2025550999' }, { spc: '073K' }],
      async (r) => held(r),
      5,
    );
    expect(bad).toEqual({
      covered: false,
      uncoveredCount: 11,
      uncovered: ['2025550150', '2025550151', '2025550152', '2025550153', '2025550154'],
      uncoveredSpcs: ['073K'],
    });
  });

  it('checks a million-number delegate against its holdings in under a second', async () => {
    const holdings = Array.from({ length: 999_999 }, (_, i) => String(2_025_000_000 + i));
    const start = performance.now();
    const c = await uncoveredByInventory(
      [{ range: { start: '2025000000', count: 1_000_000 } }],
      () => holdings,
    );
    expect(c).toMatchObject({ covered: false, uncoveredCount: 1, uncovered: ['2025999999'] });
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
