// Numbers and their imports: the rules, as (deps, actor, …) functions. Everything is scoped by the provider the
// actor acts for (its own, or the one an admin imports for).
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { IMPORT_MESSAGES, type NumberImport, type NumberOptions } from '../../../contract/numbers';
import { AssignedNumber } from '../../../contract/wire/numbers';
import type { Config } from '../config';
import type { Database, Queryable } from '../db';
import { pagedCsv } from '../http/csv';
import { HttpError, notFound } from '../http/errors';
import type { ListQuery } from '../http/list';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../logger';
import { ERROR_REPORT_RETENTION_DAYS } from './errorStore';
import { isoTime, jsonRow } from '../http/jsonPage';
import { countedNumberPage } from './pageStore';
import * as store from './store';
import type { UploadedFile } from './upload';

export interface NumberDeps {
  db: Database;
  /**
   * dataDir holds the files waiting to be imported; numberImportMaxBytes is the upload limit; an upload's file not
   * written to for requestTimeoutMs is abandoned.
   */
  config: Pick<Config, 'dataDir' | 'numberImportMaxBytes' | 'requestTimeoutMs'>;
  jobs: JobQueue;
  log: Logger;
  now: () => Date;
}

export interface NumberActor {
  accountId: string;
  serviceProviderId: string;
}

export const IMPORT_JOB = 'numbers.import';
export const SWEEP_JOB = 'numbers.sweep';

/** Filtered totals are counted exactly up to this many rows; beyond, the listing says `/*` (see docs/api.md). */
export const COUNT_CAP = 10_000;
/** A short "number contains" search alone is counted by reading at most this many numbers (filteredTotal). */
export const SCAN_CAP = 10_000;
/** Searches of this many digits or more are found from the provider's 1,000-blocks (store.containsMatches). */
export const BLOCK_SEARCH_DIGITS = 4;
/**
 * Such a search is exact (its matches listed, then counted) up to this many matches; more, its total is `*`. Lower
 * than COUNT_CAP: the matches are read before the page (a common search of a million numbers read 10,000 of them
 * for every page, 21 ms at p95; 2,000 take 3 ms).
 */
export const CONTAINS_CAP = 2_000;
/** Options: values per list by default, and at most. */
export const OPTIONS_DEFAULT = 50;
export const OPTIONS_MAX = 200;

/** What is written with an import, in its transaction (the change-log row of an admin's import). */
export type WithImport = (tx: Queryable, now: Date) => Promise<void>;

/**
 * Records the uploaded file as a pending import, and `withImport`'s rows in the same transaction: both or neither.
 * Then queues its job (sent after the commit, the worker starts at once rather than at its next poll). Should the
 * send be lost, the sweep queues it a minute later.
 */
export async function startImport(
  deps: NumberDeps,
  actor: NumberActor,
  file: UploadedFile,
  withImport?: WithImport,
): Promise<string> {
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      await store.insertImport(tx, {
        id: file.id,
        providerId: actor.serviceProviderId,
        accountId: actor.accountId,
        filename: file.filename,
        filePath: file.relPath,
        size: file.size,
        now,
      });
      await withImport?.(tx, now);
    });
  } catch (e) {
    fs.rmSync(path.join(deps.config.dataDir, file.relPath), { force: true });
    throw e;
  }
  try {
    await deps.jobs.send(IMPORT_JOB, { importId: file.id }, { singletonKey: file.id });
  } catch (err) {
    deps.log.warn({ err, importId: file.id }, 'number import queued by the next sweep');
  }
  return file.id;
}

export const PROVIDER_NOT_FOUND = 'Service provider not found';
export const IMPORT_NOT_FOUND = 'Import not found';

/**
 * The admin's import on behalf of a provider: the provider must exist (404 otherwise). Its id comes from the
 * route's path, a UUID by its params schema.
 */
export async function actorForProvider(deps: NumberDeps, accountId: string, providerId: string) {
  if (!(await store.providerExists(deps.db, providerId))) throw notFound(PROVIDER_NOT_FOUND);
  return { accountId, serviceProviderId: providerId };
}

export async function listImports(deps: NumberDeps, actor: NumberActor, list: ListQuery) {
  return store.listImports(deps.db, actor.serviceProviderId, list);
}

export interface NumberListQuery extends ListQuery {
  limit: number;
  /** The "number contains" digits, when given, and whether they are the only filter. */
  contains?: { digits: string; alone: boolean } | null;
}

/** The listing's filters with one more condition, its value bound after theirs (the provider is `$1`). */
function withCondition<T extends NumberListQuery>(
  list: T,
  sql: (...refs: string[]) => string,
  ...values: unknown[]
): T {
  const refs = values.map((_, i) => `$${list.params.length + 2 + i}`);
  return { ...list, where: [...list.where, sql(...refs)], params: [...list.params, ...values] };
}

/**
 * A search of 4 digits or more, made exact from the provider's blocks: up to CONTAINS_CAP matching numbers become the
 * condition `tn = ANY(…)` (probes of the primary key, then the page's sort); more, and the sort's index is read with
 * the search (matches are then common) between the first and the last number they span, the total `*`. `matches`
 * is how many visible numbers hold the search (null beyond the cap).
 */
async function blockSearch(
  tx: Queryable,
  sp: string,
  hidden: string[],
  list: NumberListQuery,
  digits: string,
) {
  const found = await store.containsMatches(tx, sp, hidden, digits, CONTAINS_CAP);
  if (found.tns) {
    const exact = withCondition(list, (tns) => `tn = ANY(${tns}::text[])`, found.tns);
    return { list: exact, matches: found.tns.length };
  }
  const between = (first: string, last: string) => `tn BETWEEN ${first} AND ${last}`;
  return { list: withCondition(list, between, found.first, found.last), matches: null };
}

/**
 * The total of a filtered listing: exact up to COUNT_CAP, else null (the listing says `*`). A "number contains"
 * search of fewer than BLOCK_SEARCH_DIGITS digits, alone, is counted by reading the provider's numbers only when it
 * holds at most SCAN_CAP of them (else null: no index could count it cheaply).
 */
async function filteredTotal(tx: Queryable, sp: string, hidden: string[], list: NumberListQuery) {
  const c = list.contains;
  if (c?.alone && c.digits.length < BLOCK_SEARCH_DIGITS) {
    const { n, scanned } = await store.scanContains(tx, sp, hidden, c.digits, SCAN_CAP);
    return scanned < SCAN_CAP ? n : null;
  }
  return store.cappedCount(tx, sp, hidden, list, COUNT_CAP);
}

/** One page of numbers: written as JSON by the database (the list as it opens), or read as rows. */
export type NumberPage = {
  /** Exact, or null when the filtered rows are more than COUNT_CAP. */
  total: number | null;
  hasNext: boolean;
} & ({ json: string; count: number } | { rows: AssignedNumber[] });

/** A number as the database writes it for the provider's list: every field of its wire shape. */
const NUMBER_ROW = jsonRow(AssignedNumber, {
  id: store.numberId('n'),
  tn_uuid: store.numberId('n'),
  tn: 'n.tn',
  created_on: isoTime('n.created_on'),
  assigned_on: 'n.assigned_on',
  voip_user: `json_build_object('name', n.voip_user, 'company', n.organization)`,
});

export async function listNumbers(
  deps: NumberDeps,
  actor: NumberActor,
  asked: NumberListQuery,
): Promise<NumberPage> {
  const sp = actor.serviceProviderId;
  // unfiltered (the list as it opens): one statement, unless an import not completed hides rows
  const counted = asked.where.length ? null : await countedNumberPage(deps.db, sp, asked, NUMBER_ROW);
  if (counted) return counted;
  const { page, total } = await store.visibleReads(deps.db, sp, async (tx, hidden) => {
    const digits = asked.contains?.digits;
    const search =
      digits && digits.length >= BLOCK_SEARCH_DIGITS
        ? await blockSearch(tx, sp, hidden, asked, digits)
        : null;
    const list = search?.list ?? asked;
    let total: number | null;
    if (!list.where.length) total = await store.numberTotal(tx, sp);
    else if (search && search.matches === null) total = null;
    // the search alone: its (visible) matches are the total, nothing to count
    else if (search && asked.contains?.alone) total = search.matches;
    else total = await filteredTotal(tx, sp, hidden, list);
    return { page: await store.listNumbers(tx, sp, hidden, list), total };
  });
  return {
    total,
    hasNext: page.hasNext,
    rows: page.rows.map((r) => ({
      id: r.id,
      tn_uuid: r.tn_uuid,
      tn: r.tn,
      created_on: r.created_on.toISOString(),
      assigned_on: r.assigned_on,
      voip_user: { name: r.voip_user, company: r.organization },
    })),
  };
}

export async function numberOptions(
  deps: NumberDeps,
  actor: NumberActor,
  prefix: string,
  limit: number,
): Promise<NumberOptions> {
  const sp = actor.serviceProviderId;
  const [users, orgs] = await store.visibleReads(deps.db, sp, async (tx, hidden) => [
    await store.distinctValues(tx, sp, hidden, 'voip_user', prefix, limit),
    await store.distinctValues(tx, sp, hidden, 'organization', prefix, limit),
  ]);
  return {
    voip_users: users.slice(0, limit),
    organizations: orgs.slice(0, limit),
    more: { voip_users: users.length > limit, organizations: orgs.length > limit },
  };
}

/**
 * How long one page of a CSV download should take (its size follows): short, so that other requests wait at most
 * about that long. On PGlite its one connection serves every request in this thread; on PostgreSQL the page's
 * lines are still made in this thread, and a listing's several statements each wait for a turn of the event loop
 * (50 ms pages there held the listing's p95 at 490 ms during a million-row export; 10 ms, about 110 ms).
 */
const DOWNLOAD_PAGE_MS = 10;
export const ERROR_REPORT_HEADER = ['line', 'tn', 'voip_user', 'organization', 'assigned_on', 'reason'];

/**
 * The error report of one of the actor's imports: the rejected rows it keeps (the first ERROR_REPORT_ROWS; the
 * import's `more_errors` counts the others by kind of reason) as CSV, read page by page (keyset on the line)
 * as the client reads (pagedCsv), so that a report of many rows never sits in memory nor holds the database. 404
 * when the import is not the actor's, 410 once the report expired (ERROR_REPORT_RETENTION_DAYS after the import).
 */
export async function errorReport(
  deps: NumberDeps,
  actor: NumberActor,
  importId: string,
): Promise<{ import: NumberImport; stream: Readable }> {
  const imp = await store.importOf(deps.db, actor.serviceProviderId, importId);
  if (!imp) throw notFound(IMPORT_NOT_FOUND);
  if (imp.report_expired)
    throw new HttpError(410, IMPORT_MESSAGES.reportExpired(ERROR_REPORT_RETENTION_DAYS));
  const stream = pagedCsv({
    header: ERROR_REPORT_HEADER,
    page: (last: store.ErrorRow | null, limit) => store.errorPage(deps.db, importId, last?.line ?? 0, limit),
    cells: (r) => [r.line, r.tn, r.voip_user, r.organization, r.assigned_on, r.reason],
    targetMs: DOWNLOAD_PAGE_MS,
  });
  return { import: imp, stream };
}

export const EXPORT_HEADER = ['tn', 'created_on', 'assigned_on', 'voip_user', 'organization'];

/**
 * The provider's numbers matching the listing's filters as CSV, in number order (unique per provider: the keyset),
 * read page by page as the client reads (pagedCsv): a million numbers export without being held in memory, and
 * other requests are answered between two pages. Each page is one statement on a snapshot of its own: an import
 * that completes during the download shows from the next page on.
 */
export function exportNumbers(
  deps: NumberDeps,
  actor: NumberActor,
  list: Pick<ListQuery, 'where' | 'params'>,
): Readable {
  return pagedCsv({
    header: EXPORT_HEADER,
    page: (last: store.ExportRow | null, limit) =>
      store.exportPage(deps.db, actor.serviceProviderId, list, last?.tn ?? '', limit),
    cells: (r) => [r.tn, r.created_on.toISOString(), r.assigned_on, r.voip_user, r.organization],
    targetMs: DOWNLOAD_PAGE_MS,
  });
}
