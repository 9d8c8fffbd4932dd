import type { Schema } from './routeSchema.ts';

/**
 * The response schemas of the hand-written routes: what each answers when it succeeds, serialised by Fastify
 * and published in the OpenAPI document (server/docs/openapi.ts); refusals are problem+json (errors.ts),
 * described there once. Objects list the properties clients rely on and stay open: a serialiser drops what
 * a schema does not name, and the answers of resources grow with their contracts. A property whose type
 * could vary (a count PostgreSQL gives as text, a nullable column) is left untyped rather than coerced.
 */

/** On a resource's answer: the contract type the OpenAPI document points to. */
export const RESOURCE = 'x-resource';
/** On a list's answer: the contract type of its members (a hydra:Collection in JSON-LD, an array in JSON). */
export const COLLECTION = 'x-collection-of';
/** On a refusal a route declares: the OpenAPI document shows the shared problem answer. */
export const REFUSAL = 'x-refusal';
/** On an answer that is no JSON: its media type for the OpenAPI document. */
export const MEDIA_TYPE = 'x-media-type';

/** An open object with these properties (each `{}` when its type is not fixed). */
export const shaped = (description: string, properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  description,
  properties,
  ...(required.length > 0 ? { required } : {}),
  additionalProperties: true,
});

export const listOf = (description: string, items: Schema): Schema => ({ type: 'array', description, items });

/** One record of a contract's resource, as its generic `GET /api/<resource>/{id}` answers it. */
export const resourceItem = (type: string): Schema => ({
  type: 'object',
  description: `The ${type}, as GET on the resource answers it (JSON-LD or JSON).`,
  additionalProperties: true,
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
export const refusal = (description: string): Schema => ({
  type: 'object',
  description,
  additionalProperties: true,
  [REFUSAL]: true,
});

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
      additionalProperties: { type: 'object', properties: { before: {}, after: {} } },
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
export const sessionTokens = shaped(
  'A session: its access token (JWT) and the refresh token that renews it.',
  { token: { type: 'string' }, refresh_token: { type: 'string' } },
  ['token', 'refresh_token'],
);

/** A subscription of a structure (server/onboarding/subscriptions.ts). */
export const subscription = shaped('The structure’s subscription.', {
  id: {},
  company: {},
  plan: shaped('The plan subscribed to.', { id: {}, name: {}, price: {}, seats: {}, period: {} }),
  status: { type: 'string' },
  startedAt: { type: ['string', 'null'] },
  currentPeriodEnd: { type: ['string', 'null'] },
  cancelAtPeriodEnd: { type: 'boolean' },
});
