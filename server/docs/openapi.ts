import { CONTRACTS } from '../../src/domain/contracts/index.ts';
import {
  ALL_OPERATIONS,
  DEFAULT_ITEMS_PER_PAGE,
  MAX_ITEMS_PER_PAGE,
  type ResourceContract,
} from '../../src/domain/contracts/types.ts';
import { roleNeeded } from '../../src/domain/rights.ts';
import { COLLECTION, FREE_JSON, MEDIA_TYPE, REFUSAL, RESOURCE, REVISION, revisionSchema } from '../http/answers.ts';
import { searchTemplate } from './hydra.ts';
import { resourceSchema } from './jsonSchema.ts';

/** The OpenAPI 3.1 document of the generic resource routes, generated from the contracts (`/api/docs.json`). */

const ref = (contract: ResourceContract) => ({ $ref: `#/components/schemas/${contract.type}` });
const problem = { $ref: '#/components/responses/Problem' };
const json = (schema: unknown) => ({ 'application/ld+json': { schema }, 'application/json': { schema } });

/** A page of a list: a hydra:Collection of `items` in JSON-LD, an array of them in plain JSON. */
const collectionContent = (items: unknown, description?: unknown) => ({
  'application/ld+json': {
    schema: {
      description,
      allOf: [{ $ref: '#/components/schemas/HydraCollection' }],
      properties: { 'hydra:member': { type: 'array', items } },
    },
  },
  'application/json': { schema: { description, type: 'array', items } },
});

/** The frame of every JSON-LD list the API answers (API Platform's), its members aside. */
const HYDRA_COLLECTION = {
  type: 'object',
  description: 'A page of a collection: its members, how many there are in all, the other pages, the search template.',
  properties: {
    '@context': { type: 'string' },
    '@id': { type: 'string', format: 'iri-reference' },
    '@type': { const: 'hydra:Collection' },
    'hydra:totalItems': { type: 'integer', minimum: 0 },
    'hydra:member': { type: 'array', items: { type: 'object' } },
    'hydra:view': {
      type: 'object',
      properties: {
        '@id': { type: 'string' },
        '@type': { const: 'hydra:PartialCollectionView' },
        'hydra:first': { type: 'string' },
        'hydra:last': { type: 'string' },
        'hydra:previous': { type: 'string' },
        'hydra:next': { type: 'string' },
      },
      required: ['@id', '@type'],
    },
    'hydra:search': {
      type: 'object',
      properties: {
        '@type': { const: 'hydra:IriTemplate' },
        'hydra:template': { type: 'string' },
        'hydra:variableRepresentation': { type: 'string' },
        'hydra:mapping': { type: 'array', items: { type: 'object' } },
      },
    },
  },
  required: ['@id', '@type', 'hydra:totalItems', 'hydra:member'],
};

/** Too many: a write past its user's budget, or a public step past its rate (docs/SECURITY.md). */
const WRITE_BUDGET_SPENT = 429;

function errors(...statuses: number[]) {
  const answers: Record<string, unknown> = { 401: { $ref: '#/components/responses/Unauthorized' }, 403: problem };
  for (const status of statuses)
    answers[status] = status === 422 ? { $ref: '#/components/responses/Violations' } : problem;
  return answers;
}

function paths(contract: ResourceContract) {
  const operations = contract.operations ?? ALL_OPERATIONS;
  const tag = contract.type;
  const needs = (operation: (typeof ALL_OPERATIONS)[number]) =>
    `Requires ${roleNeeded(contract.rights, operation)}${contract.rights.own ? ' (or own rows, see the rights table)' : ''}.`;
  const collection: Record<string, unknown> = {};
  const item: Record<string, unknown> = {};
  const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
  if (operations.includes('list')) {
    const parameters = [
      { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
      {
        name: 'itemsPerPage',
        in: 'query',
        schema: { type: 'integer', minimum: 1, maximum: MAX_ITEMS_PER_PAGE, default: DEFAULT_ITEMS_PER_PAGE },
        description: `At most ${MAX_ITEMS_PER_PAGE}: more is a 400.`,
      },
      ...searchTemplate(contract)['hydra:mapping'].map((entry) => ({
        name: entry.variable,
        in: 'query',
        required: false,
        schema: entry.variable.startsWith('order[') ? { enum: ['asc', 'desc'] } : { type: 'string' },
      })),
    ];
    collection.get = {
      tags: [tag],
      operationId: `list${tag}`,
      summary: `Retrieves the collection of ${tag} resources.`,
      description: needs('list'),
      parameters,
      responses: {
        200: { description: `${tag} collection`, content: collectionContent(ref(contract)) },
        ...errors(400),
      },
    };
  }
  if (operations.includes('create'))
    collection.post = {
      tags: [tag],
      operationId: `create${tag}`,
      summary: `Creates a ${tag} resource.`,
      description: needs('create'),
      requestBody: { required: true, content: json(ref(contract)) },
      responses: {
        201: { description: `${tag} created`, content: json(ref(contract)) },
        ...errors(400, 422, WRITE_BUDGET_SPENT),
      },
    };
  if (operations.includes('get'))
    item.get = {
      tags: [tag],
      operationId: `get${tag}`,
      summary: `Retrieves a ${tag} resource.`,
      description: needs('get'),
      parameters: [idParameter],
      responses: { 200: { description: `${tag} resource`, content: json(ref(contract)) }, ...errors(404) },
    };
  if (operations.includes('update'))
    item.put = {
      tags: [tag],
      operationId: `replace${tag}`,
      summary: `Replaces the ${tag} resource (only the fields sent are written).`,
      description: `${needs('update')} A body's updatedAt, or If-Match, refuses a stale write with 409.`,
      parameters: [idParameter],
      requestBody: { required: true, content: json(ref(contract)) },
      responses: {
        200: { description: `${tag} replaced`, content: json(ref(contract)) },
        ...errors(400, 404, 409, 422, WRITE_BUDGET_SPENT),
      },
    };
  const result: Record<string, unknown> = {};
  if (Object.keys(collection).length > 0) result[`/api/${contract.name}`] = collection;
  if (Object.keys(item).length > 0) result[`/api/${contract.name}/{id}`] = item;
  if (operations.includes('delete')) {
    const path = `/api/${contract.deletePath ?? contract.name}/{id}`;
    result[path] = {
      ...((result[path] as object | undefined) ?? {}),
      delete: {
        tags: [tag],
        operationId: `delete${tag}`,
        summary: `Deletes the ${tag} resource.`,
        description: needs('delete'),
        parameters: [idParameter],
        responses: { 204: { description: `${tag} deleted` }, ...errors(404, 409, WRITE_BUDGET_SPENT) },
      },
    };
  }
  return result;
}

/** The families of routes that are no contract's resource, each with what it is for. */
const ROUTE_FAMILIES: Readonly<Record<string, string>> = {
  account: "The signed-in user's own account: the password, the sessions.",
  auth: 'Signing in: tokens and their refresh, the e-mailed codes, the password reset.',
  enrolments: 'Enrolling learners in courses in bulk, with a preview first.',
  errorCall: 'Error reports the back-office sends when a screen fails.',
  events: 'The live events of a session (server-sent events) and the ticket that opens their stream.',
  health: 'Whether the process lives, and whether to send it traffic.',
  invitations: 'Inviting a structure to sign up.',
  learning:
    "Following learning: a course's funnel, a learner's courses, the home page's figures, the reports and their mail.",
  mentions: "The session's mentions in ticket notes.",
  payments: 'The payment of a subscription (Stripe).',
  public: 'What the sign-up and onboarding screens read before anyone signs in.',
  pushover: 'Push notifications to platform staff (Pushover).',
  'role-permissions': "A structure's rights: which role may do what.",
  'saved-views': "A user's saved views of a list.",
  search: 'The search across every kind of record the session may read.',
  subscribe: 'Signing a structure up to a plan.',
  subscription: "A structure's subscription.",
  'ticket-attachments': 'Files on ticket replies and notes.',
  unsubscribe: 'Leaving a mailing from the link in its mail.',
};

/** A route's tag: the resource its path is under, or its family. */
function tagOf(url: string): string {
  const segment = url.split('/')[2];
  return CONTRACTS.find((contract) => contract.name === segment)?.type ?? segment;
}

/** A route the generic part leaves out, as its own schema declares it (server/http/routeSchema.ts). */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema?: Record<string, unknown>;
}

export const DOCUMENTATION_ROUTE = /^\/api(\/docs|\/contexts\/|$)/;

/** A response schema of a hand-written route (server/http/answers.ts) as the document shows it. */
function publishedSchema(schema: Record<string, unknown>): unknown {
  const { [RESOURCE]: resource, [COLLECTION]: member, ...rest } = schema;
  delete rest[MEDIA_TYPE];
  // An answer's own root (a tree's subfolders): the document's `#` is itself, so it says so in words.
  if (rest.$ref === '#')
    return { description: 'Shaped as the object it is in (a recursive answer).', [FREE_JSON]: true };
  if (typeof resource === 'string') return { $ref: `#/components/schemas/${resource}`, description: rest.description };
  if (typeof member === 'string')
    return {
      description: rest.description,
      oneOf: [
        { type: 'array', items: { $ref: `#/components/schemas/${member}` } },
        {
          type: 'object',
          description: 'hydra:Collection',
          properties: { 'hydra:member': { type: 'array', items: { $ref: `#/components/schemas/${member}` } } },
        },
      ],
    };
  const walk = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(walk)
      : value && typeof value === 'object'
        ? publishedSchema(value as Record<string, unknown>)
        : value;
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, walk(value)]));
}

/**
 * The answers a route declares, each with its schema; a route without one says only "Success". A refusal it
 * declares is the document's problem+json, as every refusal is written.
 */
function answersOf(response: Record<string, Record<string, unknown>> | undefined) {
  if (!response) return { '2XX': { description: 'Success' } };
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      if (schema[REFUSAL]) return [status, errors(Number(status))[status]];
      const description = String(schema.description ?? 'Success');
      if (schema.type === 'null') return [status, { description }];
      const media = schema[MEDIA_TYPE];
      const member = schema[COLLECTION];
      // A media type's parameters (a charset) are the answer's, not the type a client asks for.
      const content =
        typeof media === 'string'
          ? {
              [media.split(';')[0].trim()]: {
                schema: { type: 'string', ...(media.includes('event-stream') ? {} : { format: 'binary' }) },
              },
            }
          : typeof member === 'string'
            ? collectionContent({ $ref: `#/components/schemas/${member}` }, schema.description)
            : json(publishedSchema(schema));
      return [status, { description, content }];
    }),
  );
}

function parametersOf(schema: Record<string, unknown> | undefined, where: 'path' | 'query') {
  const properties = (schema?.properties ?? {}) as Record<string, unknown>;
  const required = (schema?.required ?? []) as string[];
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema: property,
  }));
}

/** The hand-written routes (actions, auth, uploads, onboarding), each with the schema it validates with. */
function declaredPaths(routes: readonly DeclaredRoute[], generated: Record<string, Record<string, unknown>>) {
  const result: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.url.startsWith('/api') || DOCUMENTATION_ROUTE.test(route.url)) continue;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const method = route.method.toLowerCase();
    if (generated[path]?.[method]) continue;
    const schema = route.schema ?? {};
    const body = schema.body as Record<string, unknown> | undefined;
    // An optional body says its fields under `then` (routeSchema.ts, whenObject).
    const fields = body?.properties ?? (body?.then as Record<string, unknown> | undefined)?.properties;
    const statuses = [
      ...(schema.params ? [404] : []),
      ...(schema.querystring || body ? [400] : []),
      ...(fields ? [422] : []),
      ...(method === 'get' ? [] : [WRITE_BUDGET_SPENT]),
    ];
    const successes = Object.entries((schema.response ?? {}) as Record<string, Record<string, unknown>>).filter(
      ([status]) => status.startsWith('2'),
    );
    (result[path] ??= {})[method] = {
      tags: [tagOf(route.url)],
      description:
        successes
          .map(([status, answer]) => `Answers ${status}: ${String(answer.description ?? 'success.')}`)
          .join(' ') || 'Answers as docs/API.md says.',
      operationId: `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
      summary: `${route.method} ${path}: see docs/API.md.`,
      parameters: [
        ...parametersOf(schema.params as Record<string, unknown> | undefined, 'path'),
        ...parametersOf(schema.querystring as Record<string, unknown> | undefined, 'query'),
      ],
      ...(body && (body.content || fields)
        ? {
            requestBody: {
              required: Boolean(body.required),
              content: (body.content as Record<string, unknown> | undefined) ?? json(body),
            },
          }
        : {}),
      responses: {
        ...answersOf(schema.response as Record<string, Record<string, unknown>> | undefined),
        ...errors(...statuses),
      },
    };
  }
  return result;
}

/** The operations generated from the contracts, by path and method: the generic routes. */
export const contractOperations = (): Record<string, Record<string, unknown>> =>
  Object.assign({}, ...CONTRACTS.map(paths));

export function openApiDocument(routes: readonly DeclaredRoute[] = []) {
  const generated = contractOperations();
  const declared = declaredPaths(routes, generated);
  for (const [path, operations] of Object.entries(declared)) generated[path] = { ...generated[path], ...operations };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Back-office API of the learning platform',
      version: '1.0.0',
      contact: { name: 'The back-office team' },
      description:
        'The generic resource routes, generated from the contracts (src/domain/contracts), and the action, auth, upload and onboarding routes with the schemas they validate with. Hydra: /api/docs.jsonld. The course export format: /api/docs/course-format.schema.json.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [
      ...CONTRACTS.map((contract) => ({ name: contract.type, description: contract.description })),
      ...Object.entries(ROUTE_FAMILIES).map(([name, description]) => ({ name, description })),
    ],
    paths: generated,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'From POST /api/auth/token.' },
      },
      schemas: {
        ...Object.fromEntries(CONTRACTS.map((contract) => [contract.type, resourceSchema(contract)])),
        HydraCollection: HYDRA_COLLECTION,
        [REVISION]: revisionSchema,
      },
      responses: {
        Problem: {
          description: 'A problem (RFC 9457)',
          content: {
            'application/problem+json': {
              schema: {
                type: 'object',
                properties: {
                  type: { type: 'string', format: 'iri-reference' },
                  title: { type: 'string' },
                  status: { type: 'integer', minimum: 400, maximum: 599 },
                  detail: { type: 'string' },
                },
                required: ['title', 'status', 'detail'],
              },
            },
          },
        },
        Unauthorized: {
          description: 'No valid token',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { code: { const: 401 }, message: { type: 'string' } },
                required: ['code', 'message'],
              },
            },
          },
        },
        Violations: {
          description: 'ConstraintViolationList: each violation names its field',
          content: {
            'application/problem+json': {
              schema: {
                type: 'object',
                properties: {
                  '@type': { const: 'ConstraintViolationList' },
                  title: { type: 'string' },
                  status: { const: 422 },
                  detail: { type: 'string' },
                  violations: {
                    type: 'array',
                    minItems: 1,
                    items: {
                      type: 'object',
                      properties: {
                        propertyPath: { type: 'string' },
                        message: { type: 'string' },
                        code: { type: 'string' },
                      },
                      required: ['propertyPath', 'message'],
                    },
                  },
                },
                required: ['status', 'detail', 'violations'],
              },
            },
          },
        },
      },
    },
  };
}
