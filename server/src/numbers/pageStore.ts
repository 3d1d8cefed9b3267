// A page of one provider's numbers with the provider's count of numbers, in one prepared statement: the list's usual
// case (docs/performance.md). One statement is one snapshot, so it also tells whether an import not completed yet
// holds rows the page would have to leave out; only then (rare) does the caller read in a transaction instead
// (visibleReads), as every other read of numbers does.
import type { Queryable } from '../db';
import { type ListQuery, whereClause } from '../http/list';
import { numberFields, type NumberRow } from './store';

export interface CountedNumberPage {
  rows: NumberRow[];
  /** Whether a row follows the page. */
  hasNext: boolean;
  /** Every number of the provider (number_counts), whatever the filters. */
  total: number;
}

type PageRow = { hidden: boolean; total: number } & { [K in keyof NumberRow]: NumberRow[K] | null };

/**
 * The page `list` asks for (its filters bound from $2), one row more to tell whether another follows, and the
 * provider's count of numbers; null when an import of the provider holds hidden rows (read with visibleReads then).
 */
export async function countedNumberPage(
  db: Queryable,
  providerId: string,
  list: Pick<ListQuery, 'orderBy' | 'where' | 'params' | 'offset'> & { limit: number },
): Promise<CountedNumberPage | null> {
  const params = [providerId, ...list.params, list.limit + 1, list.offset];
  const limit = `$${params.length - 1}`;
  const offset = `$${params.length}`;
  const where = whereClause(['service_provider_id = $1', ...list.where]);
  const found = await db.query<PageRow>(
    `SELECT f.hidden, f.total, p.id, p.tn_uuid, p.tn, p.created_on, p.assigned_on, p.voip_user, p.organization
       FROM (SELECT EXISTS (SELECT 1 FROM number_imports WHERE service_provider_id = $1 AND hidden_rows) AS hidden,
                    coalesce((SELECT total FROM number_counts WHERE service_provider_id = $1), 0) AS total) f
       LEFT JOIN (SELECT ${numberFields('n')}, page.ord
                    FROM (SELECT tn AS key, row_number() OVER (ORDER BY ${list.orderBy}) AS ord
                            FROM numbers${where} ORDER BY ${list.orderBy} LIMIT ${limit} OFFSET ${offset}) page
                    JOIN numbers n ON n.service_provider_id = $1 AND n.tn = page.key) p ON true
      ORDER BY p.ord`,
    params,
    { prepare: true },
  );
  const [first] = found;
  if (!first || first.hidden) return null;
  // the callers copy the fields they answer: `hidden` and `total` stay behind
  const rows = first.tn === null ? [] : (found as unknown as NumberRow[]);
  const hasNext = rows.length > list.limit;
  return { rows: hasNext ? rows.slice(0, list.limit) : rows, hasNext, total: first.total };
}
