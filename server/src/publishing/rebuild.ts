// The whole static tree from the database (npm run publish): every chain the CR serves now, and every issuer's
// newest CRL. For a new origin, or one that lost its files. The certificates are read in pages ordered by serial
// (keyset: each page starts after the last serial of the one before), so memory stays flat however many there are.
import type { Queryable } from '../db';
import { crObjectOf } from './objects';
import { crlIssuers, publishCrl } from './jobs';
import type { Origin } from './origin';

export const REBUILD_PAGE_SIZE = 1000;
/** Objects written at once within a page. */
const PARALLEL_PUTS = 16;

export interface RebuildResult {
  /** Objects written (new or changed). */
  written: number;
  /** Objects already there with the same bytes. */
  unchanged: number;
  certificates: number;
  crls: number;
}

interface ChainRow {
  serial_number: string;
  chain_pem: string;
  not_after: Date;
}

export async function rebuildTree(
  deps: { db: Queryable; now: () => Date; origin: Origin },
  opts: { pageSize?: number; onPage?: (done: number) => void } = {},
): Promise<RebuildResult> {
  const pageSize = opts.pageSize ?? REBUILD_PAGE_SIZE;
  const result: RebuildResult = { written: 0, unchanged: 0, certificates: 0, crls: 0 };
  const count = (written: boolean) => (written ? result.written++ : result.unchanged++);
  const now = deps.now();
  let after = '';
  for (;;) {
    const page = await deps.db.query<ChainRow>(
      `SELECT serial_number, chain_pem, not_after FROM certificates
        WHERE serial_number > $1 AND status IN ('issued', 'revoked') AND not_after > $2
        ORDER BY serial_number LIMIT $3`,
      [after, now, pageSize],
    );
    const objects = page.map((row) => crObjectOf(row, now)).filter((o) => o !== null);
    // A few writes at a time: each waits for its file to reach the disk, and the disk takes several at once.
    for (let i = 0; i < objects.length; i += PARALLEL_PUTS) {
      const batch = objects.slice(i, i + PARALLEL_PUTS);
      for (const w of await Promise.all(batch.map((o) => deps.origin.put(o.key, o.bytes, o.meta)))) count(w);
      result.certificates += batch.length;
    }
    if (page.length < pageSize) break;
    after = page[page.length - 1].serial_number;
    opts.onPage?.(result.certificates);
  }
  for (const issuer of await crlIssuers(deps.db)) {
    count(await publishCrl(deps, issuer));
    result.crls++;
  }
  return result;
}
