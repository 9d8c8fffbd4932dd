import { isDeepStrictEqual } from 'node:util';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { BuildSerializer, SerializedRoute, Serialize } from './lazySerializers.ts';

/** The first place where what was written differs from what the handler answered, as a JSON pointer. */
function firstDifference(written: unknown, answered: unknown, at = ''): string {
  if (written && answered && typeof written === 'object' && typeof answered === 'object') {
    const keys = new Set([...Object.keys(written), ...Object.keys(answered)]);
    for (const key of keys) {
      const inner = firstDifference(
        (written as Record<string, unknown>)[key],
        (answered as Record<string, unknown>)[key],
        `${at}/${key}`,
      );
      if (inner) return inner;
    }
    return '';
  }
  return isDeepStrictEqual(written, answered)
    ? ''
    : `${at || '/'}: answered ${JSON.stringify(answered)}, written ${JSON.stringify(written)}`;
}

/**
 * Fastify's own serialisers (fast-json-stringify, compiled from each route's response schema), which also
 * refuse to write an answer other than the one the handler gave: a closed schema drops a property it does
 * not name and coerces a value to its type, silently. The tests' apps serialise with these, so a property a
 * handler answers that its schema forgot, or typed wrong, is a 500 there rather than a field a client loses.
 * Production keeps the plain serialisers: the check costs a `JSON.stringify` and a comparison per answer.
 */
export function faithfulSerializers(): BuildSerializer {
  const build = SerializerSelector();
  const factory = (externalSchemas: unknown, options: unknown) => {
    const compile = (build as (schemas: unknown, options: unknown) => (route: SerializedRoute) => Serialize)(
      externalSchemas,
      options,
    );
    return (route: SerializedRoute): Serialize => {
      const serialize = compile(route);
      return (data) => {
        const written = serialize(data);
        const answered = JSON.stringify(data);
        if (answered !== undefined && !isDeepStrictEqual(JSON.parse(written), JSON.parse(answered)))
          throw new Error(
            `${route.method} ${route.url} ${route.httpStatus}: the response schema does not write what the ` +
              `handler answered, at ${firstDifference(JSON.parse(written), JSON.parse(answered))}`,
          );
        return written;
      };
    };
  };
  return factory as unknown as BuildSerializer;
}
