// The selection's runs as the database reports them (server/src/delegates/selection.ts): the first numbers of the
// runs and their last numbers, paired in order; and the two texts the intervals pass to SQL as.
import { describe, expect, it } from 'vitest';
import { boundsParams, runsOf } from '../../server/src/delegates/selection';

describe('runsOf', () => {
  it('pairs the k-th first number with the k-th last', () => {
    expect(runsOf([2015550100, 2015550103, 2015550110], [2015550101, 2015550103, 2015550119])).toEqual([
      { lo: 2015550100, hi: 2015550101 },
      { lo: 2015550103, hi: 2015550103 },
      { lo: 2015550110, hi: 2015550119 },
    ]);
    expect(runsOf([], [])).toEqual([]);
  });

  it('sorts lists given in another order first', () => {
    expect(runsOf([30, 10, 20], [20, 35, 12])).toEqual([
      { lo: 10, hi: 12 },
      { lo: 20, hi: 20 },
      { lo: 30, hi: 35 },
    ]);
  });

  it('refuses lists that are no runs: unequal counts, a run ending before it starts, runs that touch', () => {
    expect(() => runsOf([1, 5], [2])).toThrow(/2 runs start but 1 end/);
    expect(() => runsOf([5, 9], [3, 10])).toThrow(/do not pair up/);
    expect(() => runsOf([1, 3], [2, 4])).toThrow(/do not pair up/);
  });

  it('keeps 10,000 scattered numbers as 10,000 runs', () => {
    const firsts = Array.from({ length: 10_000 }, (_, i) => 3015000000 + 2 * i);
    const runs = runsOf([...firsts], [...firsts]);
    expect(runs).toHaveLength(10_000);
    expect(runs[9_999]).toEqual({ lo: 3015019998, hi: 3015019998 });
  });
});

describe('boundsParams', () => {
  it('writes the first and the last numbers as two comma-separated texts', () => {
    const intervals = [
      { lo: 2015550100, hi: 2015550149 },
      { lo: 2015550160, hi: 2015550160 },
    ];
    expect(boundsParams(intervals)).toEqual(['2015550100,2015550160', '2015550149,2015550160']);
  });
});
