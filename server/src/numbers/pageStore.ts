// A page of one provider's numbers with the provider's count of numbers, in one prepared statement, written as JSON
// by the database: the list's usual case (docs/performance.md). One statement is one snapshot, so it also tells
// whether an import not completed yet holds rows the page would have to leave out; only then (rare) does the caller
// read in a transaction instead (visibleReads), as every other read of numbers does.
import type { Queryable } from '../db';
import type { JsonPage } from '../http/jsonPage';
import { type ListQuery, whereClause } from '../http/list';

export interface CountedNumberPage extends JsonPage {
  /** Whether a row follows the page. */
  hasNext: boolean;
}

/**
 * The page `list` asks for (its filters bound from $2) as a JSON array of `rowJson` (SQL over the number `n`, from
 * http/jsonPage.ts's jsonRow), whether a row follows it, and the provider's count of numbers (number_counts,
 * whatever the filters) as its total; null when an import of the provider holds hidden rows (read with visibleReads
 * then).
 */
export async function countedNumberPage(
  db: Queryable,
  providerId: string,
  list: Pick<ListQuery, 'orderBy' | 'where' | 'params' | 'offset'> & { limit: number },
  rowJson: string,
): Promise<CountedNumberPage | null> {
  // one row more than the page, to tell whether another follows; the row numbers run on from the offset
  const params = [providerId, ...list.params, list.limit + 1, list.offset, list.offset + list.limit];
  const [limit, offset, last] = [params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
  const where = whereClause(['service_provider_id = $1', ...list.where]);
  const [found] = await db.query<{ hidden: boolean; total: number; fetched: number; json: string }>(
    `SELECT f.hidden, f.total, p.fetched, p.json
       FROM (SELECT EXISTS (SELECT 1 FROM number_imports WHERE service_provider_id = $1 AND hidden_rows) AS hidden,
                    coalesce((SELECT total FROM number_counts WHERE service_provider_id = $1), 0) AS total) f,
            (SELECT count(*)::int AS fetched,
                    coalesce(json_agg(${rowJson} ORDER BY page.ord) FILTER (WHERE page.ord <= ${last}), '[]')::text
                      AS json
               FROM (SELECT tn AS key, row_number() OVER (ORDER BY ${list.orderBy}) AS ord
                       FROM numbers${where} ORDER BY ${list.orderBy} LIMIT ${limit} OFFSET ${offset}) page
               JOIN numbers n ON n.service_provider_id = $1 AND n.tn = page.key) p`,
    params,
    { prepare: true },
  );
  if (found.hidden) return null;
  const hasNext = found.fetched > list.limit;
  return { json: found.json, count: hasNext ? list.limit : found.fetched, total: found.total, hasNext };
}
