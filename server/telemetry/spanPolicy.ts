import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { isRequestId, REQUEST_ID_HEADER } from '../http/requestIds.ts';

/** The attribute a request's spans carry its id under (the one of its log lines and its `X-Request-Id`). */
export const REQUEST_ID_ATTRIBUTE = 'http.request.id';

/** The id an answer names its request with, when it names one (an incoming message names none). */
export function requestIdOfAnswer(response: ServerResponse | IncomingMessage): string | undefined {
  if (!('getHeader' in response)) return undefined;
  const id = response.getHeader(REQUEST_ID_HEADER);
  return isRequestId(id) ? id : undefined;
}

/**
 * Attributes that never leave the process. A path or a query string may hold what a link carries (an
 * unsubscribe token, a public form's key) or what a user searched for (an e-mail in a list's filter):
 * the route's template (`http.route`) says the same without them. Statement parameters and headers are
 * not recorded by the instrumentations as configured; they are dropped here too in case a later version
 * or option starts recording them.
 */
const DROPPED_ATTRIBUTES = new Set([
  'url.path',
  'url.query',
  'url.full',
  'http.target',
  'http.url',
  'db.postgresql.values',
]);
const DROPPED_PREFIXES = ['http.request.header.', 'http.response.header.'];

const kept = (key: string) =>
  !DROPPED_ATTRIBUTES.has(key) && !DROPPED_PREFIXES.some((prefix) => key.startsWith(prefix));

type ExportedSpan = Parameters<OTLPTraceExporter['export']>[0][number];

/**
 * A span as it is sent: its attributes less those above, and errors by their type only. An error's message
 * can quote a value a user typed (PostgreSQL's "invalid input syntax for type integer: …"); the request's
 * log line, found by the request id, has it.
 */
export function scrubbedSpan(span: ExportedSpan): ExportedSpan {
  // Most spans hold nothing to drop: those are sent as they are, without a copy (this runs for each span).
  let attributes: ExportedSpan['attributes'] | undefined;
  for (const key in span.attributes)
    if (!kept(key)) {
      attributes ??= { ...span.attributes };
      delete attributes[key];
    }
  const events = span.events.some((event) => event.name === 'exception')
    ? span.events.map((event) =>
        event.name === 'exception' && event.attributes
          ? { ...event, attributes: { 'exception.type': event.attributes['exception.type'] ?? 'Error' } }
          : event,
      )
    : undefined;
  const status = span.status.message ? { code: span.status.code } : undefined;
  if (!attributes && !events && !status) return span;
  // The span's own fields and methods (spanContext(), resource...) stay where the exporter reads them.
  return Object.create(span, {
    attributes: { value: attributes ?? span.attributes, enumerable: true },
    events: { value: events ?? span.events, enumerable: true },
    status: { value: status ?? span.status, enumerable: true },
  }) as ExportedSpan;
}

/** The exporter, applying scrubbedSpan to every span it sends: the last line, whatever recorded them. */
export function scrubbed(exporter: OTLPTraceExporter): OTLPTraceExporter {
  const send = exporter.export.bind(exporter);
  exporter.export = (spans, done) => send(spans.map(scrubbedSpan), done);
  return exporter;
}
