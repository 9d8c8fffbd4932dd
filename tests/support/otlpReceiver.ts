import { createServer, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One span as an OTLP/HTTP JSON export sends it, its attributes made a plain record. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a trace's root. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  /** The scope (instrumentation) that made it, e.g. `@opentelemetry/instrumentation-pg`. */
  scope: string;
  /** The resource's attributes (`service.name`...). */
  resource: Record<string, unknown>;
  /** Everything else the span carried (events, status), as sent. */
  raw: Record<string, unknown>;
}

/** A collector stand-in on 127.0.0.1: receives OTLP/HTTP JSON traces (`POST /v1/traces`) and keeps them. */
export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT should be (the exporter adds `/v1/traces`). */
  endpoint: string;
  spans(): ReceivedSpan[];
  /** Export requests received so far, and their bodies' bytes (as sent, compressed or not). */
  exports(): number;
  bytes(): number;
  /** Waits until `found` answers something from the spans received so far; throws after `timeoutMs`. */
  waitFor<T>(found: (spans: ReceivedSpan[]) => T | undefined, timeoutMs?: number): Promise<T>;
  clear(): void;
  stop(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: (Record<string, unknown> & { attributes?: OtlpAttribute[] })[];
    }[];
  }[];
}

function valueOf(value: OtlpValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

const record = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map((attribute) => [attribute.key, valueOf(attribute.value)]));

/** The spans of one export request's body. */
export function decodeOtlpJson(body: OtlpExport): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = record(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: String(span.traceId),
        spanId: String(span.spanId),
        parentSpanId: String(span.parentSpanId ?? ''),
        name: String(span.name),
        kind: Number(span.kind),
        attributes: record(span.attributes),
        scope: scopeSpans.scope?.name ?? '',
        resource,
        raw: span,
      })),
    );
  });
}

async function bodyOf(request: IncomingMessage, decode: boolean): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return decode && request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

/**
 * `decode: false` only counts what arrives, as a collector on another machine would cost this one
 * nothing but the sending: for a benchmark, where decoding here would take CPU from the server measured.
 */
export async function startOtlpReceiver(options: { decode?: boolean } = {}): Promise<OtlpReceiver> {
  const decode = options.decode ?? true;
  let received: ReceivedSpan[] = [];
  let exports = 0;
  let bytes = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request, decode);
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      if (!String(request.headers['content-type']).startsWith('application/json')) {
        // Only the JSON encoding is decoded here: a protobuf export would be silently lost otherwise.
        response.writeHead(415).end();
        return;
      }
      exports++;
      bytes += body.length;
      if (decode) received = received.concat(decodeOtlpJson(JSON.parse(body.toString('utf8')) as OtlpExport));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    })().catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans: () => received,
    exports: () => exports,
    bytes: () => bytes,
    async waitFor(found, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const result = found(received);
        if (result !== undefined) return result;
        if (Date.now() > deadline)
          throw new Error(
            `Not received within ${timeoutMs / 1000} s; spans so far: ${received.map((span) => span.name).join(', ')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    clear: () => {
      received = [];
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
