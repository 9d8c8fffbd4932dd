import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Mail, Mailer } from '../auth/mailer.ts';
import type { StatementObserver } from '../db/timedDatabase.ts';

/** The path Prometheus scrapes, beside the API (never under /api: no session, no structure). */
export const METRICS_PATH = '/metrics';

/** A request no route served is counted under this, never under its path (which could hold anything). */
const UNMATCHED_ROUTE = 'unmatched';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The operator's figures of one server process, in Prometheus' format: requests by route template, method
 * and status, their durations, statements and transactions, periodic jobs, e-mails, live streams and the
 * connection pool. Labels are the server's own words only (a route's template, a job's name): never a
 * user's id or address, nor a path as sent.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'lms_http_requests_total',
    help: 'Requests answered, by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'lms_http_request_duration_seconds',
    help: 'Time from a request to its answer, by route template and method.',
    labelNames: ['route', 'method'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly statements = new Histogram({
    name: 'lms_db_duration_seconds',
    help: 'Statements and whole transactions sent to the database, by kind and outcome.',
    labelNames: ['kind', 'outcome'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly jobs = new Counter({
    name: 'lms_job_runs_total',
    help: 'Periodic jobs run by this process, by job and outcome.',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly mails = new Counter({
    name: 'lms_mails_total',
    help: 'E-mails handed to the mailer, by outcome.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(figures: { liveStreams?: () => number; pool?: () => { total: number; idle: number; waiting: number } }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'lms_' });
    const { liveStreams, pool } = figures;
    if (liveStreams)
      new Gauge({
        name: 'lms_live_streams_open',
        help: 'Server-sent event streams open on this process.',
        registers: [this.registry],
        collect() {
          this.set(liveStreams());
        },
      });
    if (pool)
      new Gauge({
        name: 'lms_db_pool_connections',
        help: 'Connections of the database pool, by state.',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const { total, idle, waiting } = pool();
          this.set({ state: 'total' }, total);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
  }

  answered(route: string | undefined, method: string, status: number, seconds: number): void {
    const template = route ?? UNMATCHED_ROUTE;
    this.requests.inc({ route: template, method, status: String(status) });
    this.durations.observe({ route: template, method }, seconds);
  }

  readonly statement: StatementObserver = (kind, seconds, failed) =>
    this.statements.observe({ kind, outcome: failed ? 'failed' : 'ok' }, seconds);

  jobRan(job: string, failed: boolean): void {
    this.jobs.inc({ job, outcome: failed ? 'failed' : 'ok' });
  }

  /** The mailer, each mail it sends or fails to counted. */
  countMails(mailer: Mailer): Mailer {
    return {
      send: async (mail: Mail) => {
        try {
          await mailer.send(mail);
          this.mails.inc({ outcome: 'sent' });
        } catch (error) {
          this.mails.inc({ outcome: 'failed' });
          throw error;
        }
      },
    };
  }
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Counts every answer, and serves the figures at /metrics to whoever shows the configured token
 * (`Authorization: Bearer …`); without a token configured, the figures are not served at all.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { metrics, token }: { metrics: Metrics; token?: string }) => {
    app.addHook('onResponse', async (request, reply) => {
      if (request.routeOptions.url === METRICS_PATH) return;
      metrics.answered(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    });
    if (!token) return;
    app.get(METRICS_PATH, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!sameToken(given, token))
        return reply.status(401).header('WWW-Authenticate', 'Bearer').type('text/plain').send('Unauthorized');
      return reply
        .header('Cache-Control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    });
  },
);
