/**
 * The bench's server child (benchServer.ts), traced when run.ts names a collector
 * (OTEL_EXPORTER_OTLP_ENDPOINT), as `npm start` would be: tracing starts before the app is imported.
 */
import { startTracingIfConfigured } from '../../server/telemetry/startIfConfigured.ts';

await startTracingIfConfigured();
await import('./benchServer.ts');
