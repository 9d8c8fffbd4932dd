import type { IncomingMessage } from 'node:http';

/**
 * Which requests are traced, decided once at the door, before any instrumentation does work for them.
 *
 * A standard ratio sampler decides when a span starts, after the HTTP instrumentation has read the request's
 * attributes, bound its context to the request and response and let Fastify's and pg's instrumentations make
 * (non-recording) spans of their own: measured, an untraced request still cost most of a traced one. Decided
 * here, an untraced request runs under a suppressed context, and every instrumentation returns at its first
 * check. The standard settings still say which requests: OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG.
 */

/** W3C Trace Context: version, trace id, parent id, flags (the last bit: the caller traced it). */
const TRACEPARENT = /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-([\da-f]{2})$/;

/** The share of requests without a caller's decision that are traced, from the standard settings. */
export function tracedShare(env: NodeJS.ProcessEnv = process.env): number {
  const sampler = (env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on').trim().toLowerCase();
  if (sampler === 'always_off' || sampler === 'parentbased_always_off') return 0;
  if (sampler !== 'traceidratio' && sampler !== 'parentbased_traceidratio') return 1;
  const share = Number(env.OTEL_TRACES_SAMPLER_ARG);
  // The SDK's own reading: a missing or out-of-range ratio is 1.
  return env.OTEL_TRACES_SAMPLER_ARG?.trim() && share >= 0 && share <= 1 ? share : 1;
}

/**
 * Whether this request is traced: as its caller decided when it sends a valid `traceparent` (a load
 * balancer or a service that traces its own calls, so that the trace is whole), else one in `1 / share`.
 */
export function tracedAtTheDoor(request: IncomingMessage, share: number): boolean {
  const parent = request.headers.traceparent;
  const flags = typeof parent === 'string' ? TRACEPARENT.exec(parent)?.[1] : undefined;
  if (flags !== undefined) return (Number.parseInt(flags, 16) & 1) === 1;
  return share >= 1 || (share > 0 && Math.random() < share);
}
