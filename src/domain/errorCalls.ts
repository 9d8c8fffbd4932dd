/**
 * The incident list (Appels en erreur): which failed calls are kept one group a failure, and which are only
 * counted. A refusal the user can fix (a conflict or stale copy, a file too large or of the wrong type, a
 * form's field, a pace too fast) is the
 * API doing its job: a day's count per route, status and structure says how often it happens; the list of
 * failures stays the failures a developer must read (5xx, network, 400, 401, 403, 404...).
 */
export const EXPECTED_REFUSALS: readonly number[] = [409, 413, 415, 422, 429];

export const isExpectedRefusal = (status: number | null): boolean =>
  status !== null && EXPECTED_REFUSALS.includes(status);

/**
 * A route's template as the list shows it: Fastify's `/api/tags/:id` read `/api/tags/{id}` (OpenAPI's way),
 * so that every call of the same route is one group whatever record it named.
 */
export const routeTemplateOf = (fastifyUrl: string): string =>
  fastifyUrl.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?/g, '{$1}');
