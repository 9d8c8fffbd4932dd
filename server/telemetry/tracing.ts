import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { AlwaysOnSampler, ParentBasedSampler } from '@opentelemetry/sdk-trace';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { tracedAtTheDoor, tracedShare } from './doorSampling.ts';
import { REQUEST_ID_ATTRIBUTE, requestIdOfAnswer, scrubbed } from './spanPolicy.ts';
import type { Tracing } from './tracingHandle.ts';

/** The name spans are filed under when the operator gives none (OTEL_SERVICE_NAME). */
const DEFAULT_SERVICE_NAME = 'lms-backoffice';

/**
 * Starts OpenTelemetry's Node SDK: spans of incoming HTTP requests, of Fastify's request and route
 * handler, and of node-postgres' statements, exported as OTLP/HTTP JSON to OTEL_EXPORTER_OTLP_ENDPOINT
 * in batches (OTEL_BSP_* tune them). Traces only: the figures stay Prometheus' (/metrics) and the log
 * lines pino's, so no metric or log pipeline is started.
 */
export async function startTracing(): Promise<Tracing> {
  // The app is ESM: whether `import pg from 'pg'` passes through require(), which the instrumentations
  // patch, depends on Node's version and on tsx (on Node 20.20 it does). import-in-the-middle's loader
  // wraps ESM imports too, so the patching does not hang on that. Told by each instrumentation which
  // modules it wants, it wraps those alone (not the app's own modules, nor the rest of node_modules).
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const share = tracedShare();
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : DEFAULT_SERVICE_NAME,
    // Which requests are traced is decided at the door (doorSampling.ts); a span that starts is recorded
    // when its request was let in, and as its parent says otherwise.
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    traceExporter: scrubbed(new OTLPTraceExporter()),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // Not traced: the request runs under a suppressed context, which every instrumentation honours.
        ignoreIncomingRequestHook: (request) => !tracedAtTheDoor(request, share),
        // The id the answer carries (requestIds.ts chose it, or took the load balancer's), on the root span.
        applyCustomAttributesOnSpan: (span, _request, response) => {
          const id = requestIdOfAnswer(response);
          if (id) span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
        },
        // The server's own calls (e-mail, payments, S3) become spans only inside a traced request or job.
        requireParentforOutgoingSpans: true,
      }),
      new FastifyOtelInstrumentation({
        // Fastify announces each new instance on a diagnostics channel: no module patching needed.
        registerOnInitialization: true,
        // A span for the request and one for its route's handler; one per hook would double the spans of
        // every request for little (the handler's span already holds the statements).
        instrumentHooks: false,
        // A thrown error's message can quote what a user typed; the log line (same request id) has it.
        recordExceptions: false,
        requestHook: (span, request) => span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id),
      }) as unknown as Instrumentation,
      new PgInstrumentation({
        // Statements are recorded with their placeholders, never the values bound to them.
        enhancedDatabaseReporting: false,
        // Background statements (jobs' polling) would each be a trace of its own: only those of a request.
        requireParentSpan: true,
        // One span per pool checkout would double the spans of a list; the pool's wait is in /metrics.
        ignoreConnectSpans: true,
      }),
    ],
  });
  sdk.start();
  // The loader must know the modules to wrap before the app imports them.
  await waitForAllMessagesAcknowledged();
  return { shutdown: () => sdk.shutdown() };
}
