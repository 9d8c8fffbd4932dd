/**
 * `npm start`. Tracing, when configured, starts before a module of the app is imported: the
 * instrumentations patch `pg` and `http` as those load. Hence the app only through a dynamic import.
 */
import { startTracingIfConfigured } from './telemetry/startIfConfigured.ts';

const tracing = await startTracingIfConfigured();
const { serve } = await import('./serve.ts');
await serve(tracing);
