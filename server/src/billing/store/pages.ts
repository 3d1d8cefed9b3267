// One page of a provider's rows and their total, for the list protocol.
import type { Queryable } from '../../db';
import type { ListQuery } from '../../http/list';

export async function countAndRows<T>(
  q: Queryable,
  from: string,
  columns: string,
  where: string[],
  params: unknown[],
  page: Pick<ListQuery, 'orderBy' | 'limit' | 'offset'>,
): Promise<{ rows: T[]; total: number }> {
  const w = ` WHERE ${where.join(' AND ')}`;
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}${w}`, params);
  const limit = page.limit === null ? '' : ` LIMIT ${page.limit} OFFSET ${page.offset}`;
  const rows = await q.query<T>(
    `SELECT ${columns} FROM ${from}${w} ORDER BY ${page.orderBy}, id DESC${limit}`,
    params,
  );
  return { rows, total: n };
}
