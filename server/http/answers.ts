import { PLAN_PERIODS, SUBSCRIPTION_STATUSES } from '../../src/domain/onboarding.ts';
import type { Schema } from './routeSchema.ts';

/**
 * The response schemas of the hand-written routes: what each answers when it succeeds, serialised by Fastify
 * (fast-json-stringify, compiled from these) and published in the OpenAPI document (server/docs/openapi.ts);
 * refusals are problem+json (shared/errors.ts), described there once. Objects are closed and every property typed:
 * the serialiser writes what a schema names and nothing else, so a schema is the whole answer, and the
 * document cannot promise less or more than a route writes. A value that is free JSON by design (a part's
 * content, a saved view's filter) says so with `freeJson`, the one open schema.
 */

/** On a resource's answer: the contract type the OpenAPI document points to. */
export const RESOURCE = 'x-resource';
/** On a list's answer: the contract type of its members (a hydra:Collection in JSON-LD, an array in JSON). */
export const COLLECTION = 'x-collection-of';
/** On a refusal a route declares: the OpenAPI document shows the shared problem answer. */
export const REFUSAL = 'x-refusal';
/** On an answer that is no JSON: its media type for the OpenAPI document. */
export const MEDIA_TYPE = 'x-media-type';

/** On a schema: free JSON by design, written as it is (JSON.stringify), the one open kind of answer. */
export const FREE_JSON = 'x-free-json';

/** An object with these properties, each typed, and no other: the serialiser writes nothing it does not name. */
export const closedObject = (
  description: string,
  properties: Record<string, Schema>,
  required: string[] = [],
): Schema => ({
  type: 'object',
  description,
  properties,
  ...(required.length > 0 ? { required } : {}),
  additionalProperties: false,
});

/**
 * A value that is free JSON by design, whatever a user or a part type puts there: written as it is, and
 * named so in the OpenAPI document (`x-free-json`). An object's own shape belongs in `closedObject`.
 */
export const freeJson = (description: string): Schema => ({ description, [FREE_JSON]: true });

/**
 * `{"@id", id, name}` of a related row, as `summarySql` (resources/serialize.ts) builds it (no `@id` in plain
 * JSON), or null when there is none or it is not readable.
 */
export const summaryOrNull = (description: string): Schema => ({
  ...closedObject(
    description,
    { '@id': { type: 'string', format: 'iri-reference' }, id: { type: 'integer' }, name: { type: 'string' } },
    ['id', 'name'],
  ),
  type: ['object', 'null'],
});

/** A type or null: a nullable column. */
export const orNull = (type: string, extra: Schema = {}): Schema => ({ type: [type, 'null'], ...extra });

export const listOf = (description: string, items: Schema): Schema => ({ type: 'array', description, items });

/**
 * One record of a contract's resource, as its generic `GET /api/<resource>/{id}` answers it: the contract's
 * schema, which the OpenAPI document holds once (`components.schemas`, from the contract) and points to.
 * The engine builds the record (resources/serialize.ts) and it is written whole, as the generic routes do.
 */
export const resourceItem = (type: string): Schema => ({
  description: `The ${type}, as GET on the resource answers it (JSON-LD or JSON).`,
  [RESOURCE]: type,
});

/** A page of a contract's resource, as its generic list answers it. */
export const resourceCollection = (type: string): Schema => ({
  description: `A page of ${type} resources: a hydra:Collection in JSON-LD, an array in JSON.`,
  [COLLECTION]: type,
});

/** A success with nothing to say but what it did: `description` says it. */
export const noContent = (description: string): Schema => ({ type: 'null', description });

/**
 * A refusal a route answers beyond the ones its schema implies (401, 403; 404 with a path id; 400 with a query
 * or a body; 422 with body fields): a problem+json, as the error handler writes every refusal.
 */
export const refusal = (description: string): Schema => ({ description, [REFUSAL]: true });

/** One revision of a record, as `GET /api/<resource>/{id}/revisions` lists them: an audit log entry's view. */
export const REVISION = 'Revision';
export const revisionSchema: Schema = {
  type: 'object',
  description: 'One recorded change of a record, newest first: who, when, what, and each field before and after.',
  properties: {
    id: { type: 'integer' },
    entry: { type: 'string', format: 'iri-reference', description: 'The audit log entry.' },
    at: { type: 'string', format: 'date-time' },
    user: { type: ['string', 'null'], format: 'iri-reference' },
    userName: { type: ['string', 'null'] },
    action: { type: 'string' },
    operation: { type: 'string' },
    changes: {
      type: 'object',
      description: 'Each changed field: `{before, after}`.',
      additionalProperties: closedObject(
        'The field before and after the change.',
        {
          before: freeJson('The value before: any JSON a field holds.'),
          after: freeJson('The value after.'),
          hidden: { type: 'boolean', const: true, description: 'A secret changed: both values are null.' },
        },
        ['before', 'after'],
      ),
    },
  },
  required: ['id', 'entry', 'at', 'action', 'changes'],
};

/** An answer streamed as it is, never serialised: a file, a stream of events. */
export const streamed = (mediaType: string, description: string): Schema => ({
  type: 'string',
  description,
  [MEDIA_TYPE]: mediaType,
});

/** The tokens of a session (API.md, Authentication): the access JWT and the refresh token. */
export const sessionTokens = closedObject(
  'A session: its access token (JWT) and the refresh token that renews it.',
  { token: { type: 'string' }, refresh_token: { type: 'string' } },
  ['token', 'refresh_token'],
);

/** `Plan` (src/domain/onboarding.ts): what a structure subscribes to. */
export const planSchema = (description: string): Schema =>
  closedObject(
    description,
    {
      id: { type: 'integer' },
      name: { type: 'string' },
      price: { type: 'number', description: 'Euros, VAT excluded, per period; 0 is a free plan.' },
      seats: { type: 'integer' },
      period: { type: 'string', enum: [...PLAN_PERIODS] },
    },
    ['id', 'name', 'price', 'seats', 'period'],
  );

/** A subscription of a structure (server/onboarding/subscriptions.ts). */
export const subscription = closedObject(
  'The structure’s subscription.',
  {
    id: { type: 'integer' },
    company: { type: 'integer', description: 'The structure’s id.' },
    plan: planSchema('The plan subscribed to.'),
    status: { type: 'string', enum: [...SUBSCRIPTION_STATUSES] },
    startedAt: orNull('string', { format: 'date-time' }),
    currentPeriodEnd: orNull('string', { format: 'date-time' }),
    cancelAtPeriodEnd: { type: 'boolean' },
  },
  ['id', 'company', 'plan', 'status', 'startedAt', 'currentPeriodEnd', 'cancelAtPeriodEnd'],
);
