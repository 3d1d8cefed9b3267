// One page of a provider's rows and their total, for the list protocol: newest rows first among equals (id). Each
// text (a table, its sort, the filters given) is kept prepared: every list is one provider's few rows, read by the
// same plan whatever the provider.
import type { Queryable } from '../../db';
import { pageWithTotal, type ListQuery } from '../../http/list';

export function countAndRows<T>(
  q: Queryable,
  from: string,
  columns: string,
  where: string[],
  params: unknown[],
  page: Pick<ListQuery, 'orderBy' | 'limit' | 'offset'>,
): Promise<{ rows: T[]; total: number }> {
  return pageWithTotal<T>(
    q,
    from,
    columns,
    where,
    params,
    { ...page, orderBy: `${page.orderBy}, id DESC` },
    { prepare: true },
  );
}
