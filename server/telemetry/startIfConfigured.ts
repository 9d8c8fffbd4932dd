import type { Tracing } from './tracingHandle.ts';

export type { Tracing };

/**
 * Tracing is on only where a collector is named (OTEL_EXPORTER_OTLP_ENDPOINT): without one, not a module
 * of OpenTelemetry is loaded, so an untraced server pays nothing for it. When on, it must start before
 * the app's modules are imported (the instrumentations patch `pg` and `http` as they load): the caller
 * imports the app only after this has resolved.
 */
export async function startTracingIfConfigured(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const { startTracing } = await import('./tracing.ts');
  return startTracing();
}
