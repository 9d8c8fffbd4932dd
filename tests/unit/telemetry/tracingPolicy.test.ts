import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { tracedAtTheDoor, tracedShare } from '../../../server/telemetry/doorSampling.ts';
import { scrubbedSpan } from '../../../server/telemetry/spanPolicy.ts';

const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

describe('which requests are traced', () => {
  it('reads the share from the standard sampler settings, as the SDK would', () => {
    expect(tracedShare({})).toBe(1);
    expect(tracedShare({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' })).toBe(0.1);
    expect(tracedShare({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' })).toBe(0.25);
    expect(tracedShare({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio' })).toBe(1);
    expect(tracedShare({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '7' })).toBe(1);
    expect(tracedShare({ OTEL_TRACES_SAMPLER: 'always_off' })).toBe(0);
  });

  it('follows the caller’s decision when it sends a traceparent, whatever the share', () => {
    expect(tracedAtTheDoor(request({ traceparent: `00-${TRACE}-${PARENT}-01` }), 0)).toBe(true);
    expect(tracedAtTheDoor(request({ traceparent: `00-${TRACE}-${PARENT}-00` }), 1)).toBe(false);
  });

  it('lets in about the share of the other requests, and ignores a malformed traceparent', () => {
    expect(tracedAtTheDoor(request({ traceparent: 'nonsense-01' }), 1)).toBe(true);
    expect(tracedAtTheDoor(request(), 0)).toBe(false);
    let traced = 0;
    for (let i = 0; i < 10_000; i++) if (tracedAtTheDoor(request(), 0.1)) traced++;
    expect(traced).toBeGreaterThan(800);
    expect(traced).toBeLessThan(1200);
  });
});

type Span = Parameters<typeof scrubbedSpan>[0];
const span = (fields: Partial<Span>) =>
  ({ attributes: {}, events: [], status: { code: 0 }, ...fields }) as unknown as Span;

describe('what a span sends', () => {
  it('drops paths, queries, headers and bound values, and keeps the rest', () => {
    const sent = scrubbedSpan(
      span({
        attributes: {
          'http.route': '/api/users',
          'url.query': 'email=jeanne@demo.fr',
          'http.target': '/api/users?email=jeanne@demo.fr',
          'http.request.header.authorization': ['Bearer x'],
          'db.postgresql.values': ['jeanne@demo.fr'],
        },
      }),
    );
    expect(sent.attributes).toEqual({ 'http.route': '/api/users' });
  });

  it('sends an error by its type only', () => {
    const sent = scrubbedSpan(
      span({
        events: [
          {
            name: 'exception',
            attributes: { 'exception.type': 'DatabaseError', 'exception.message': 'invalid input: jeanne' },
            time: [0, 0],
            droppedAttributesCount: 0,
          },
        ],
        status: { code: 2, message: 'invalid input: jeanne' },
      }),
    );
    expect(sent.events[0].attributes).toEqual({ 'exception.type': 'DatabaseError' });
    expect(sent.status).toEqual({ code: 2 });
  });

  it('sends a span with nothing to drop as it is, without a copy', () => {
    const clean = span({ attributes: { 'http.route': '/api/users' } });
    expect(scrubbedSpan(clean)).toBe(clean);
  });
});
