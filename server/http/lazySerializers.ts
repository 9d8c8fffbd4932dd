import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** The serialiser factory Fastify's schema controller takes. */
export type BuildSerializer = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];

/** One route's serialiser request, as Fastify makes it. */
export interface SerializedRoute {
  schema: unknown;
  method: string;
  url: string;
  httpStatus: string;
  contentType?: string;
}
export type Serialize = (data: unknown) => string;
type Compile = (route: SerializedRoute) => Serialize;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

/**
 * Fastify's own serialisers (fast-json-stringify, or `inner`), each compiled when its route first answers
 * rather than when the server starts: the generic routes alone declare some 250 response schemas (an item
 * in two media types, for get, create and update), most of which a process never writes (a test file's
 * app, one process among several). Compiling them all tripled the time an app took to start. The compiler
 * and its output are Fastify's; only the moment changes.
 */
export function lazySerializers(
  inner: BuildSerializer = SerializerSelector() as unknown as BuildSerializer,
): BuildSerializer {
  const factory: Factory = (externalSchemas, options) => {
    const compile = (inner as unknown as Factory)(externalSchemas, options);
    return (route) => {
      let compiled: Serialize | undefined;
      return (data) => (compiled ??= compile(route))(data);
    };
  };
  return factory as unknown as BuildSerializer;
}
