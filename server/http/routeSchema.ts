import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest, notFound, unprocessable, violation, type Violation } from '../shared/errors.ts';

/**
 * The Fastify schemas of the hand-written routes (actions, auth, uploads, onboarding) and the answer to
 * what they refuse, before any handler runs: 404 for an id that cannot be one, 400 for a query or a body
 * that is no JSON object, 422 on each field of a body (the shape the generic routes give, API.md). A field
 * whose refusal the API words its own way carries it as `x-violation` (kept in the OpenAPI document).
 * The generic routes build theirs from the contracts (resources/routeSchemas.ts) over the same pieces.
 */

export type Schema = Record<string, unknown>;

/**
 * A plugin's instance whose routes take the types of their body, params and query from their schemas
 * (json-schema-to-ts reads the plain JSON schemas below). The helpers keep each schema's literal type for it:
 * a schema typed only as `Schema` gives `unknown`.
 */
export const typedRoutes = (app: FastifyInstance) => app.withTypeProvider<JsonSchemaToTsProvider>();
export type TypedRoutes = ReturnType<typeof typedRoutes>;

/** An id as a path carries it: PostgreSQL integers, so nine digits at most. The one id parser. */
export const ID_PATTERN = '^\\d{1,9}$';
export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: ID_PATTERN } },
  required: ['id'],
} as const;

/** The `:id` of a path whose params schema (`idParams`) admitted it. */
export const pathId = (request: FastifyRequest): number => Number((request.params as { id: string }).id);

export const VIOLATION = 'x-violation';
/** On a body schema: any refusal is a 400 naming the key (credentials, as Lexik's login answers), not a 422. */
export const BAD_REQUEST = 'x-bad-request';

/** A property schema whose refusal is this violation rather than the keyword's default. */
export const refusedAs = <const S extends Schema>(schema: S, code: string, message: string) => ({
  ...schema,
  [VIOLATION]: { code, message },
});

/** A string holding something other than spaces, at most `max` characters. */
export const filledText = (max?: number): { type: 'string'; pattern: string; maxLength?: number } => ({
  type: 'string',
  pattern: '\\S',
  ...(max ? { maxLength: max } : {}),
});

/** A JSON object body; a route without a body declares `noBody` (whatever a client sends is ignored). */
export const objectBody = <const P extends Record<string, Schema>, const R extends readonly (keyof P & string)[] = []>(
  properties: P,
  required?: R,
) =>
  ({
    type: 'object',
    properties,
    ...(required && required.length > 0 ? { required } : {}),
  }) as { type: 'object'; properties: P; required: R };
/**
 * Properties checked when the value is an object, nothing asked of anything else (an absent body): said
 * with if/then, as ajv's strict mode wants `properties` beside a `type: 'object'`.
 */
const whenObject = (properties: Record<string, Schema>, extra: Schema = {}): Schema => ({
  ...extra,
  if: { type: 'object' },
  then: { type: 'object', properties },
});
/**
 * A body a route may go without: its properties are checked when it is an object. Its type says nothing
 * (json-schema-to-ts reads no `if` without an `else`): a handler reads a field with `optionalField`.
 */
export const optionalBody = <const P extends Record<string, Schema>>(properties: P) =>
  whenObject(properties) as { if: { type: 'object' }; then: { type: 'object'; properties: P } };
/** Credentials and codes: a string under each key, or a 400 that names the key. */
export const stringsBody = <const K extends readonly string[]>(keys: K) =>
  ({
    type: 'object',
    properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])) as {
      [key in K[number]]: { type: 'string' };
    },
    required: keys,
    [BAD_REQUEST]: true,
  }) as const;
/** A field of a body that may be absent or no object (`optionalBody`): undefined then. */
export const optionalField = (body: unknown, key: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
export const noBody = { description: 'No body is read.' } as const;

/** A multipart upload: its parts are read (and checked) by the handler as they stream in. */
export const multipartBody = (fields: Record<string, string>): Schema => ({
  content: {
    'multipart/form-data': {
      schema: whenObject(
        Object.fromEntries(Object.entries(fields).map(([name, description]) => [name, { description }])),
        {
          description: 'Multipart form data, read part by part.',
        },
      ),
    },
  },
});

export const queryOf = objectBody;

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

export const BLANK = 'This value should not be blank.';

/** The property a failing instance path belongs to: the deepest named property of the schema on its way. */
function propertyOf(schema: Schema | undefined, segments: string[]): { path: string[]; schema: Schema | undefined } {
  const path: string[] = [];
  let at = schema;
  for (const segment of segments) {
    const next = (at?.properties as Record<string, Schema> | undefined)?.[segment];
    if (!next) break;
    path.push(segment);
    at = next;
  }
  return { path, schema: at };
}

const valueAt = (body: unknown, path: string[]) =>
  path.reduce<unknown>(
    (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
    body,
  );

function defaultViolation(error: SchemaError, value: unknown): { code: string; message: string } {
  const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  switch (error.keyword) {
    case 'required':
      return { code: 'blank', message: BLANK };
    case 'enum':
    case 'const':
      return { code: 'choice', message: 'The value you selected is not a valid choice.' };
    case 'maxLength':
      return {
        code: 'length',
        message: `This value is too long. It should have ${String(error.params.limit)} characters or less.`,
      };
    case 'minimum':
    case 'maximum':
      return { code: 'range', message: 'This value is out of range.' };
    case 'minLength':
    case 'pattern':
      return blank ? { code: 'blank', message: BLANK } : { code: 'format', message: 'This value is not valid.' };
    case 'type':
      return blank && value === null
        ? { code: 'blank', message: BLANK }
        : { code: 'type', message: `This value should be of type ${String(error.params.type)}.` };
    default:
      return { code: 'type', message: 'This value is not valid.' };
  }
}

/** The answer to a request its route schema refused, or undefined when the error is not a schema's. */
export function schemaRefusal(error: unknown, request: FastifyRequest): ApiError | undefined {
  const failed = error as { validation?: SchemaError[]; validationContext?: string } | undefined;
  if (!failed?.validation) return undefined;
  const errors = failed.validation;
  if (failed.validationContext === 'params') return notFound();
  if (failed.validationContext === 'querystring') {
    const variable = errors[0]?.instancePath.split('/')[1] ?? String(errors[0]?.params.missingProperty ?? '');
    return badRequest(`"${variable}" is missing or has a value this call does not take.`);
  }
  if (failed.validationContext !== 'body') return badRequest('The request does not match its schema.');
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return badRequest('The request body must be a JSON object.');
  const schema = request.routeOptions.schema?.body as Schema | undefined;
  if (schema?.[BAD_REQUEST]) {
    const first = errors[0];
    const key =
      first?.keyword === 'required' ? String(first.params.missingProperty) : (first?.instancePath.split('/')[1] ?? '');
    return badRequest(`"${key}" must be a string.`);
  }
  const violations = new Map<string, Violation>();
  for (const error of errors) {
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
    if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
    const property = propertyOf(schema, segments);
    const path = property.path.join('.');
    if (violations.has(path)) continue;
    const given = property.schema?.[VIOLATION] as { code: string; message: string } | undefined;
    const { code, message } = given ?? defaultViolation(error, valueAt(body, property.path));
    violations.set(path, violation(path, code, message));
  }
  // In the order the schema lists its fields, as a form shows them.
  const order = Object.keys((schema?.properties as Record<string, Schema> | undefined) ?? {});
  const rank = (found: Violation) => order.indexOf(found.propertyPath.split('.')[0]);
  return unprocessable([...violations.values()].sort((a, b) => rank(a) - rank(b)));
}

/**
 * Route options that check the caller's rights before the schema looks at the input: a 403 says nothing of
 * the body, as on the generic routes. The handler asks again for what the check answers (a scope, a session).
 */
export const rightsFirst = (check: (request: FastifyRequest) => unknown) => ({
  preValidation: async (request: FastifyRequest) => {
    await check(request);
  },
});

/** A reference as text: an id or an IRI of `resource` (resources/iri.ts reads it into an id). */
export const referencePattern = (resource: string) => `^(\\d{1,15}|/api/${resource}/\\d{1,15})$`;

const oneReference = (resource: string) =>
  ({
    anyOf: [
      { type: 'integer', minimum: 1 },
      { type: 'string', pattern: referencePattern(resource) },
      { type: 'object' },
    ],
  }) as const;

/** A relation as API.md allows it: an IRI of `resource`, an id, or an object carrying one. */
export const reference = (resource: string) =>
  refusedAs(oneReference(resource), 'reference', `Expected an IRI of ${resource}.`);

export const referenceList = (resource: string) =>
  refusedAs({ type: 'array', items: oneReference(resource) }, 'reference', `Expected a list of IRIs of ${resource}.`);
