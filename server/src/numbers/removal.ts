// Removing numbers from a provider's inventory (docs/delegates.md, "Numbers stay true"): the numbers and blocks
// typed, in one transaction with the provider's count of numbers and an audit row; the answer lists the live
// delegate certificates that covered a removed number, which the provider is told to issue again.
import { delegateLines, DELEGATE_LINE_RE } from '../../../contract/delegates';
import {
  REMOVE_NUMBERS_MAX,
  REMOVE_NUMBERS_MESSAGES,
  type RemoveNumbersInput,
} from '../../../contract/numbers';
import type { NumbersRemoved } from '../../../contract/wire/numbers';
import { recordAudit } from '../certificates/audit';
import { type Actor, auditActor } from '../certificates/service';
import type { Database } from '../db';
import { delegatesMeeting, toView, uncoveredOfProvider } from '../delegates/uncovered/store';
import { badRequest } from '../http/errors';

export interface RemovalDeps {
  db: Database;
  now: () => Date;
}

/** Lines named in the audit row's detail; the rest is counted. */
const AUDIT_LINES = 20;

/** The blocks the lines name (a number is a block of one), in the 10-digit form of the inventory. */
export function blocksOf(text: string): { first: string; last: string }[] {
  return delegateLines(text).map((line) => {
    const m = DELEGATE_LINE_RE.exec(line);
    if (!m) throw badRequest(`Not a number or a block: ${line}`);
    const [first, last = m[1]] = [m[1], m[2]];
    return Number(first) <= Number(last) ? { first, last } : { first: last, last: first };
  });
}

/** How many numbers the blocks name, overlaps counted twice (a bound, checked before anything is read). */
const named = (blocks: { first: string; last: string }[]) =>
  blocks.reduce((n, b) => n + Number(b.last) - Number(b.first) + 1, 0);

/**
 * POST /api/service_provider/tn/remove: deletes the numbers of the blocks the provider holds (not those of an import
 * still running, which are not its numbers yet), lowers its count of numbers by as many, records the removal, and
 * answers the live delegates that lost numbers. Numbers a block names that are not held are left alone.
 */
export async function removeNumbers(
  deps: RemovalDeps,
  actor: Actor,
  input: RemoveNumbersInput,
): Promise<NumbersRemoved> {
  const blocks = blocksOf(input.numbers);
  if (named(blocks) > REMOVE_NUMBERS_MAX) throw badRequest(REMOVE_NUMBERS_MESSAGES.tooMany);
  const spId = actor.serviceProviderId;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [gone] = await tx.query<{ removed: number }>(
      `WITH hidden AS (SELECT id FROM number_imports WHERE service_provider_id = $1 AND hidden_rows),
            gone AS (
              DELETE FROM numbers n USING unnest($2::text[], $3::text[]) AS b(first_tn, last_tn)
               WHERE n.service_provider_id = $1 AND n.tn BETWEEN b.first_tn AND b.last_tn
                 AND (n.import_id IS NULL OR n.import_id NOT IN (SELECT id FROM hidden))
              RETURNING n.tn)
       SELECT count(*)::int AS removed FROM gone`,
      [spId, blocks.map((b) => b.first), blocks.map((b) => b.last)],
    );
    if (gone.removed === 0) return { removed: 0, delegates: [] };
    await tx.query('UPDATE number_counts SET total = total - $2 WHERE service_provider_id = $1', [
      spId,
      gone.removed,
    ]);
    const met = await delegatesMeeting(tx, spId, blocks, now);
    const delegates = met.length ? (await uncoveredOfProvider(tx, spId, now, met)).map(toView) : [];
    const lines = delegateLines(input.numbers);
    await recordAudit(tx, {
      action: 'numbers.removed',
      actor: auditActor(actor),
      ip: actor.ip,
      serviceProviderId: spId,
      subject: `${gone.removed} numbers`,
      detail:
        lines.slice(0, AUDIT_LINES).join(', ') +
        (lines.length > AUDIT_LINES ? ` and ${lines.length - AUDIT_LINES} more lines` : '') +
        (delegates.length
          ? `; delegates to issue again: ${delegates.map((d) => d.serial_number).join(', ')}`
          : ''),
    });
    return { removed: gone.removed, delegates };
  });
}
