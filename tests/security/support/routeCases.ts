import { RESOURCE_RIGHTS } from '../../../src/domain/rights.ts';
import { hasRole } from '../../../src/domain/roles.ts';
import type { RegisteredRoute } from '../../../server/http/inputGuard.ts';
import { declarations } from '../../../server/resources/definitions/index.ts';
import type { ResourceDeclaration } from '../../../server/resources/types.ts';
import { iri } from '../../api/support/samples.ts';
import type { TestResponse } from '../../api/support/testApp.ts';
import { type Bodies, idsOf, isTenant, namingFields, type Pools, uploadPayload } from './structures.ts';

/**
 * The requests of the tenancy attack, generated from the route table: for each route, what its path, its
 * body or its query may name (from the route's schema, the one the OpenAPI document shows, or the
 * resource's declaration), pointed at another structure's rows.
 */

export type Who = 'admin' | 'contributor';
export const WHO: readonly Who[] = ['admin', 'contributor'];
const ROLES_OF: Readonly<Record<Who, readonly string[]>> = { admin: ['ROLE_ADMIN'], contributor: ['ROLE_USER'] };

/**
 * Whether `who` writes a field at all: a field of its own role in the rights table (a ticket's assignee) is
 * dropped from a lower role's body before anything reads it, so naming B's row there can tell nothing.
 */
const writesField = (who: Who, resource: string, field: string) => {
  const role = RESOURCE_RIGHTS[resource]?.fields?.[field];
  return role === undefined || hasRole(ROLES_OF[who], role);
};
/** An id no row has (ids are nine digits at most). */
export const MISSING = '999999999';

const bySegment = new Map(
  declarations.flatMap((declaration) => [
    [declaration.name, declaration],
    ...(declaration.deletePath ? [[declaration.deletePath, declaration] as const] : []),
  ]),
);

/**
 * Hand-written routes whose `:id` names a row of a resource though their path does not start with its name
 * (the learning views: a learner is a user), and the personas for whom their own row of it is one the route
 * reads: a contributor follows only the learners they supervise, and their own user is none of them.
 */
const ROUTE_RESOURCES: Readonly<Record<string, { resource: string; control?: readonly Who[] }>> = {
  '/api/learning/learners/:id': { resource: 'users', control: ['admin'] },
  '/api/learning/courses/:id/funnel': { resource: 'courses' },
};

/** The resource whose rows a path's first segment names (`/api/folder/:id` deletes folders). */
export const resourceOf = (route: RegisteredRoute): ResourceDeclaration | undefined => {
  const named = ROUTE_RESOURCES[route.url]?.resource;
  return named
    ? declarations.find((declaration) => declaration.name === named)
    : bySegment.get(route.url.split('/')[2]);
};

/** Whether A's own row makes a control of the route for `who` (ROUTE_RESOURCES). */
const controls = (route: RegisteredRoute, who: Who) => ROUTE_RESOURCES[route.url]?.control?.includes(who) ?? true;

export const paramsOf = (route: RegisteredRoute) => [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);

/** The route's path with its parameters filled: `:id` with `id`, the others with values their schemas take. */
export const fillParams = (url: string, id: number | string) =>
  url
    .replace(':id', String(id))
    .replace(':context', 'support')
    .replace(':encodedId', 'MQ')
    .replace(':key', 'invitation');

/** The generic list, create and item routes of a resource (the others are its actions). */
const isGeneric = (route: RegisteredRoute, declaration: ResourceDeclaration) =>
  route.url === `/api/${declaration.name}` || /^\/api\/[^/]+\/:id$/.test(route.url);

type Schema = Record<string, unknown>;

/** A property naming rows: `reference(resource)` or `referenceList(resource)` (server/http/routeSchema.ts). */
function referenceOf(schema: Schema): { resource: string; list: boolean } | undefined {
  if (schema.properties) return undefined;
  const match = /\/api\/([a-z-]+)\/\\\\d/.exec(JSON.stringify(schema));
  return match ? { resource: match[1], list: schema.type === 'array' } : undefined;
}

const propertiesOf = (schema: unknown): Record<string, Schema> => {
  const object = schema as
    { properties?: Record<string, Schema>; then?: { properties?: Record<string, Schema> } } | undefined;
  return object?.properties ?? object?.then?.properties ?? {};
};

/** The properties of a hand-written route's body and query that name rows. */
function schemaReferences(route: RegisteredRoute) {
  return (['body', 'querystring'] as const).flatMap((part) =>
    Object.entries(propertiesOf(route.schema?.[part])).flatMap(([key, schema]) => {
      const reference = referenceOf(schema);
      return reference ? [{ key, ...reference, inQuery: part === 'querystring' }] : [];
    }),
  );
}

/** Values a pattern asks for, which no schema can guess: the payment step's test card and SetupIntent. */
const KNOWN_VALUES: Record<string, unknown> = { paymentMethod: 'pm_card_visa', setupIntent: 'seti_unknown1' };

function fill(key: string, schema: Schema): unknown {
  if (key in KNOWN_VALUES) return KNOWN_VALUES[key];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return (schema.minimum as number | undefined) ?? 1;
  if (type === 'boolean') return true;
  if (type === 'string') return 'Texte de test';
  const branch = (schema.anyOf as Schema[] | undefined)?.[0];
  return branch ? fill(key, branch) : undefined;
}

/** Whether the route's body is a multipart upload rather than JSON. */
function isUpload(route: RegisteredRoute): boolean {
  const content = (route.schema?.body as Schema | undefined)?.content as Schema | undefined;
  return Boolean(content?.['multipart/form-data']);
}

/**
 * A body for a hand-written route from its schema: its required values, and a row of `reference` for each
 * property naming rows that is required (or for all of them with `all`). Undefined for a route whose body
 * is no JSON (an upload).
 */
export function schemaBody(
  route: RegisteredRoute,
  reference: (resource: string) => number | undefined,
  all = false,
): Record<string, unknown> | undefined {
  const schema = route.schema?.body as Schema | undefined;
  if (!schema || schema.content) return undefined;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const body: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(propertiesOf(schema))) {
    const named = referenceOf(property);
    const id = named && (required.has(key) || all) ? reference(named.resource) : undefined;
    if (named && id !== undefined) body[key] = named.list ? [iri(named.resource, id)] : iri(named.resource, id);
    else if (!named && required.has(key)) body[key] = fill(key, property);
  }
  return body;
}

/** A request of the attack, and the twin it is compared with. */
export interface Case {
  label: string;
  who: Who;
  /** Sent with `X-Structure` naming B, which a structure's session must not be able to use. */
  header: boolean;
  route: RegisteredRoute;
  method: string;
  /** The request, `{value}` standing for B's row (or word) and, in the twin, for one that does not exist. */
  url: string;
  body?: string;
  /** The body's media type, when it is no JSON (a multipart upload). */
  contentType?: string;
  value: string;
  missing: string;
  /** The field a 422 must name, for the case to have been decided on B's row rather than on its body. */
  field?: string;
  /** The same request on A's own row: it must work, or be refused to the role, for the case to prove anything. */
  control?: string;
}

export interface Attack {
  routes: readonly RegisteredRoute[];
  bodies: Bodies;
  /** Rows each persona of A may use, its own first. */
  pools: Record<Who, Pools>;
  /** B's rows the requests name. */
  targets: Pools;
  words: string;
  /** A word only B's rows hold, and B's SetupIntent. */
  marker: string;
  intent: string;
}

const json = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));

/** Every request of the attack: B's rows in paths, in bodies and queries, in list filters and searches. */
export function attackCases(attack: Attack): Case[] {
  const cases: Case[] = [];
  const { bodies, pools, targets, words } = attack;
  for (const route of attack.routes) {
    const declaration = resourceOf(route);
    const params = paramsOf(route).join();
    const generic = declaration && isGeneric(route, declaration) ? declaration : undefined;
    for (const who of WHO) {
      const own = (resource: string): number | undefined => idsOf(pools[who], resource)[0];
      const add = (item: Omit<Case, 'who' | 'route' | 'method' | 'missing'> & { missing?: string }) =>
        cases.push({ who, route, method: route.method, missing: MISSING, ...item });

      // A row of B in the path, on every route acting on a row of a structure's resource.
      if (params === 'id' && declaration && isTenant(declaration)) {
        const control = own(declaration.name);
        const other = (resource: string) =>
          idsOf(pools[who], resource).find((candidate) => resource !== declaration.name || candidate !== control);
        const body = ['GET', 'DELETE'].includes(route.method)
          ? undefined
          : generic
            ? bodies.update(declaration, words)
            : schemaBody(route, other);
        // An upload onto a row (a ticket's attachment): a small text file, which it must take on A's own row.
        const upload = isUpload(route) ? uploadPayload({}) : undefined;
        for (const id of idsOf(targets, declaration.name))
          for (const header of [false, true])
            add({
              label: `${declaration.name} ${id} of B`,
              header,
              url: route.url.replace(':id', '{value}'),
              body: upload?.payload ?? json(body),
              contentType: upload?.contentType,
              value: String(id),
              control:
                control === undefined || header || !controls(route, who) ? undefined : fillParams(route.url, control),
            });
      }

      // A row of B named by a body or a query: on a create, or on A's own row.
      const named: {
        key: string;
        resource: string;
        list: boolean;
        url: string;
        base?: Record<string, unknown>;
        inQuery?: boolean;
      }[] = [];
      if (generic && route.method === 'POST') {
        const base = bodies.create(generic, pools[who], words);
        for (const field of base
          ? namingFields(generic).filter(({ field }) => writesField(who, generic.name, field))
          : [])
          named.push({
            key: field.field,
            resource: field.resource,
            list: field.list,
            url: route.url,
            base: bodies.without(generic, base!, field.field),
          });
        if (base && generic.name === 'chapter-parts')
          named.push({ key: 'content', resource: 'documents', list: false, url: route.url, base });
      } else if (generic && route.method === 'PUT' && own(generic.name) !== undefined) {
        for (const field of namingFields(generic).filter(({ field }) => writesField(who, generic.name, field)))
          named.push({
            key: field.field,
            resource: field.resource,
            list: field.list,
            url: fillParams(route.url, own(generic.name)!),
            base: {},
          });
      } else if (!generic && declaration && params === 'id' && own(declaration.name) !== undefined) {
        const id = own(declaration.name)!;
        const other = (resource: string) =>
          idsOf(pools[who], resource).find((candidate) => resource !== declaration.name || candidate !== id);
        for (const found of schemaReferences(route))
          named.push({
            ...found,
            url: fillParams(route.url, id),
            base: found.inQuery ? undefined : schemaBody(route, other),
          });
      } else if (route.method === 'GET' && params === '') {
        for (const found of schemaReferences(route)) named.push({ ...found, url: route.url });
      }
      for (const item of named)
        for (const id of idsOf(targets, item.resource)) {
          const value = iri(item.resource, '{value}');
          const body =
            item.key === 'content'
              ? { ...item.base, type: 'image', content: { document: value, alt: 'Image' } }
              : { ...item.base, [item.key]: item.list ? [value] : value };
          add({
            // Removing what is not there changes nothing and is no error: only the twin tells.
            label: `${item.resource} ${id} of B named by ${item.key}`,
            header: false,
            value: String(id),
            field: item.inQuery || /\/remove-/.test(route.url) ? undefined : item.key,
            url: item.inQuery ? `${item.url}?${item.key}=${value}` : item.url,
            body: item.inQuery ? undefined : json(body),
          });
        }

      // Lists filtered by a row of B, or searched for B's words.
      if (generic && route.method === 'GET' && params === '')
        for (const filter of generic.filters) {
          const field = generic.fields[filter];
          const resource =
            field?.type.kind === 'relation' || field?.type.kind === 'relations'
              ? field.type.resource
              : generic.throughFilters?.[filter]?.resource;
          if (filter === 'q')
            add({
              label: `${generic.name} searched for B's words`,
              header: false,
              url: `${route.url}?q={value}`,
              value: attack.marker,
              missing: 'zqbabsent',
            });
          for (const id of resource ? idsOf(targets, resource) : [])
            add({
              label: `${generic.name} filtered by ${resource} ${id} of B`,
              header: false,
              url: `${route.url}?${filter}=/api/${resource}/{value}`,
              value: String(id),
            });
        }

      // The payment step, on B's SetupIntent.
      if (route.url.startsWith('/api/payments/'))
        add({
          label: `B's SetupIntent`,
          header: false,
          value: attack.intent,
          missing: 'seti_absent1',
          url: route.method === 'GET' ? `${route.url}?setupIntent={value}` : route.url,
          body: route.method === 'GET' ? undefined : json({ ...schemaBody(route, own), setupIntent: '{value}' }),
        });
    }
  }
  return cases;
}

/** A JSON body's violations, by property path. */
export const violationPaths = (response: TestResponse): string[] =>
  ((response.json?.violations ?? []) as { propertyPath: string }[]).map((violation) => violation.propertyPath);

/**
 * An answer as two requests that differ only in a value (a row's id, a search word) are compared: that
 * value replaced wherever it appears in a string, the stamps of the last write and of the last refresh of
 * the reports' aggregates left out.
 */
export function comparable(response: TestResponse, values: readonly string[]): string {
  const patterns = values.map(
    (value) =>
      new RegExp(/^\d+$/.test(value) ? `(?<!\\d)${value}(?!\\d)` : value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'),
  );
  const strip = (value: unknown): unknown => {
    if (typeof value === 'string') return patterns.reduce((text, pattern) => text.replace(pattern, '{value}'), value);
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== 'updatedAt' && key !== 'refreshedAt')
          .map(([key, item]) => [key, strip(item)]),
      );
    return value;
  };
  return `${response.status} ${JSON.stringify(strip(response.json ?? response.body))}`;
}
