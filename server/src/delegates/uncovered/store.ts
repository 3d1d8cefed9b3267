// Numbers stay true (docs/delegates.md): which live delegate certificates cover numbers their provider no longer
// holds. A delegate's numbers are a multirange (delegate_certificates.numbers, in the inventory's 10 digits); what it
// still holds is counted range by range on the numbers' primary key (provider, tn), so a block of a million numbers
// is one index range count, not a million lookups.
import type { DelegateUncovered } from '../../../../contract/wire/numbers';
import type { Queryable } from '../../db';

/** A delegate certificate that lost numbers, with its provider (the admin's view names it). */
export interface UncoveredDelegate extends DelegateUncovered {
  service_provider_id: string;
  company_name: string;
}

/** Live delegates (issued, unexpired) and how many of their numbers are no longer in their provider's inventory. */
const UNCOVERED = `
  SELECT c.id, c.serial_number, cu.name AS customer_name, d.number_count::int AS number_count,
         c.service_provider_id, sp.company_name,
         (d.number_count - coalesce((
           SELECT sum((SELECT count(*) FROM numbers n
                        WHERE n.service_provider_id = d.service_provider_id
                          AND n.tn BETWEEN lpad(lower(b)::text, 10, '0') AND lpad((upper(b) - 1)::text, 10, '0')))
             FROM unnest(d.numbers) b), 0))::int AS missing
    FROM certificates c
    JOIN delegate_certificates d ON d.certificate_id = c.id
    JOIN delegate_customers cu ON cu.id = d.customer_id
    JOIN service_providers sp ON sp.id = c.service_provider_id
   WHERE c.kind = 'delegate' AND c.status = 'issued' AND c.not_after > $1`;

/** Live delegate certificates that cover a number not in the inventory any more; missing first, then newest. */
async function uncovered(q: Queryable, now: Date, where: string, params: unknown[]) {
  return q.query<UncoveredDelegate>(
    `SELECT * FROM (${UNCOVERED}${where}) u WHERE u.missing > 0 ORDER BY u.missing DESC, u.serial_number`,
    [now, ...params],
  );
}

/** The provider's live delegates that lost numbers; only those of `ids` when given. */
export function uncoveredOfProvider(q: Queryable, providerId: string, now: Date, ids?: string[]) {
  return ids
    ? uncovered(q, now, ' AND c.service_provider_id = $2 AND c.id = ANY($3::uuid[])', [providerId, ids])
    : uncovered(q, now, ' AND c.service_provider_id = $2', [providerId]);
}

/** Every provider's live delegates that lost numbers: the admin's view. */
export function uncoveredOfAll(q: Queryable, now: Date) {
  return uncovered(q, now, '', []);
}

/** The live delegates of the provider with a range that meets one of `blocks` (10-digit numbers, first..last). */
export async function delegatesMeeting(
  q: Queryable,
  providerId: string,
  blocks: { first: string; last: string }[],
  now: Date,
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT d.certificate_id AS id
       FROM delegate_certificates d
       JOIN certificates c ON c.id = d.certificate_id
      WHERE d.numbers && (SELECT range_agg(int8range(lo, hi, '[]')) FROM unnest($2::bigint[], $3::bigint[]) AS b(lo, hi))
        AND d.service_provider_id = $1 AND c.status = 'issued' AND c.not_after > $4`,
    [providerId, blocks.map((b) => b.first), blocks.map((b) => b.last), now],
  );
  return rows.map((r) => r.id);
}

export const toView = (r: UncoveredDelegate): DelegateUncovered => ({
  id: r.id,
  serial_number: r.serial_number,
  customer_name: r.customer_name,
  number_count: r.number_count,
  missing: r.missing,
});
