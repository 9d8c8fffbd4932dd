import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

/** The compiler factory Fastify's schema controller takes. */
type BuildValidator = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

type BuildCompiler = ReturnType<typeof AjvCompiler>;
type Compile = (route: { method?: string; url?: string; httpPart?: string; schema?: unknown }) => Validate;
interface Validate {
  (data: unknown): boolean | PromiseLike<unknown>;
  errors?: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every route's validators now (a test that all of them compile). */
    compileRouteValidators(): void;
  }
}

/**
 * Fastify's own Ajv validators, each compiled when its route first checks a request rather than when the
 * server starts: a process declares some 250 routes, many of which it never serves in its life (a test
 * file's app, a browser test's server, one process among several), and compiling them all took two of the
 * ten seconds a start took. The compiler, its options (the app's `ajv` settings, keywords included) and the
 * checks are Fastify's; only the moment changes. `compileAll()` compiles every one at once.
 */
export function lazyValidators(): { buildValidator: BuildValidator; compileAll: () => void } {
  const build = AjvCompiler();
  const pending: (() => Validate)[] = [];
  const buildValidator = (externalSchemas: unknown, options: unknown): Compile => {
    const compile = build(
      externalSchemas as Parameters<BuildCompiler>[0],
      options as Parameters<BuildCompiler>[1],
    ) as unknown as Compile;
    return (route) => {
      let compiled: Validate | undefined;
      const ready = () => (compiled ??= compile(route));
      pending.push(ready);
      // Fastify reads a failed check's `errors` from the function it was given.
      const validate: Validate = (data) => {
        const check = ready();
        const valid = check(data);
        validate.errors = check.errors;
        return valid;
      };
      validate.errors = null;
      return validate;
    };
  };
  return {
    // Fastify calls the functions it is given with the data alone, and reads their `errors`.
    buildValidator: buildValidator as unknown as BuildValidator,
    compileAll: () => {
      for (const ready of pending) ready();
    },
  };
}
