// What /metrics reports, in Prometheus's text format: the HTTP requests by route and status (counted as they
// are answered), and the state of the work read when Prometheus scrapes: jobs waiting, certificates issued and
// revoked, number imports running. The counts come from the database, so every server of one database reports
// the same numbers whichever process issued or imported. One registry per app (tests build many apps).
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Queryable } from '../db';
import type { JobQueue } from '../jobs/queue';

export interface MetricsDeps {
  db: Queryable;
  jobs: Pick<JobQueue, 'queued'>;
}

export interface RequestLabels {
  method: string;
  /** The route's pattern (`/api/certificates/:id`), never the path asked for: no ids or tokens in labels. */
  route: string;
  status: string;
}

export interface AppMetrics {
  registry: Registry;
  observeRequest(labels: RequestLabels, seconds: number): void;
}

const REQUEST_LABELS = ['method', 'route', 'status'] as const;

/** From a quick JSON answer to a large upload or a slow issuance through the STI-PA. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

async function countOf(db: Queryable, sql: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(sql);
  return row?.n ?? 0;
}

/** The gauges and counters read from the database at each scrape. */
function stateCollectors(registry: Registry, deps: MetricsDeps): void {
  new Gauge({
    name: 'jobs_queued',
    help: 'Background jobs waiting to run (new or waiting for a retry), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, n] of Object.entries(await deps.jobs.queued())) this.set({ queue }, n);
    },
  });
  // A revoked certificate was issued first: both counts only grow (certificates are never deleted).
  new Counter({
    name: 'certificates_issued_total',
    help: 'Certificates issued by this CA (those revoked since included)',
    registers: [registry],
    async collect() {
      this.reset();
      this.inc(
        await countOf(
          deps.db,
          `SELECT count(*)::int AS n FROM certificates WHERE status IN ('issued', 'revoked')`,
        ),
      );
    },
  });
  new Counter({
    name: 'certificates_revoked_total',
    help: 'Certificates revoked',
    registers: [registry],
    async collect() {
      this.reset();
      this.inc(
        await countOf(deps.db, `SELECT count(*)::int AS n FROM certificates WHERE status = 'revoked'`),
      );
    },
  });
  new Gauge({
    name: 'number_imports_running',
    help: 'Number imports being processed now',
    registers: [registry],
    async collect() {
      this.set(
        await countOf(deps.db, `SELECT count(*)::int AS n FROM number_imports WHERE status = 'processing'`),
      );
    },
  });
}

export function createMetrics(deps: MetricsDeps): AppMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: REQUEST_LABELS,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: REQUEST_LABELS,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  stateCollectors(registry, deps);
  return {
    registry,
    observeRequest(labels, seconds) {
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}
