import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TestResponse } from './testApp.ts';

/**
 * Checks answers against an OpenAPI 3.1 document the way an integrator's tool does: the status must be one
 * the operation declares, the media type one of that status's, and the body valid (Ajv, JSON Schema 2020-12)
 * against the document's own schema, its components included.
 */

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, Json> } & Json>>;
  components: Json;
}

const DOCUMENT_ID = 'https://openapi.invalid/document';

/** `$ref`s are written for the document's root; the validator reads them from the document it was given. */
function anchored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(anchored);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' && item.startsWith('#') ? `${DOCUMENT_ID}${item}` : anchored(item),
    ]),
  );
}

export class Conformance {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<unknown, ValidateFunction>();
  readonly failures: string[] = [];
  checked = 0;
  readonly statuses = new Map<string, number>();

  constructor(private readonly document: OpenApiDocument) {
    // OpenAPI's own keywords (discriminator, example, xml…) are not JSON Schema's: the validator lets them be.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.ajv);
    // JSON Schema's IRI reference, which ajv-formats leaves out: a reference a URL parser resolves.
    this.ajv.addFormat('iri-reference', (value: string) => {
      if (/\s/.test(value)) return false;
      try {
        return Boolean(new URL(value, 'http://reference.invalid/'));
      } catch {
        return false;
      }
    });
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: anchored(document.components) });
  }

  /** The response object an answer's status falls under: exact, then a range (`4XX`), then `default`. */
  private responseFor(responses: Record<string, Json>, status: number): Json | undefined {
    let found = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    for (let depth = 0; found && typeof found.$ref === 'string' && depth < 5; depth++) {
      const name = (found.$ref as string).split('/').pop()!;
      found = (this.document.components.responses as Record<string, Json>)[name];
    }
    return found;
  }

  private validator(schema: unknown): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(anchored(schema) as Json);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** Checks one answer of `method path` (the document's path template); returns its failure, if any. */
  check(method: string, path: string, response: TestResponse, label = ''): string | undefined {
    this.checked++;
    this.statuses.set(`${method} ${response.status}`, (this.statuses.get(`${method} ${response.status}`) ?? 0) + 1);
    const failure = this.failureOf(method.toLowerCase(), path, response);
    if (failure) this.failures.push(`${method.toUpperCase()} ${path}${label ? ` (${label})` : ''} → ${failure}`);
    return failure;
  }

  private failureOf(method: string, path: string, response: TestResponse): string | undefined {
    const operation = this.document.paths[path]?.[method];
    if (!operation) return 'not in the document';
    const declared = this.responseFor(operation.responses ?? {}, response.status);
    if (!declared)
      return `status ${response.status} not declared (${Object.keys(operation.responses ?? {}).join(', ')})`;
    const content = declared.content as Record<string, Json> | undefined;
    // No body to check: a 204, or a HEAD.
    if (response.body === '') return undefined;
    const mediaType = String(response.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    if (!content) return `status ${response.status} declares no content, answered ${mediaType}`;
    // An exact media type first, then a range (`image/*`, `*/*`), as content negotiation reads them.
    const media = content[mediaType] ?? content[`${mediaType.split('/')[0]}/*`] ?? content['*/*'];
    if (!media)
      return `media type ${mediaType} not declared for ${response.status} (${Object.keys(content).join(', ')})`;
    if (!/json/.test(mediaType)) return undefined;
    const validate = this.validator(media.schema ?? {});
    if (validate(JSON.parse(response.body))) return undefined;
    return (validate.errors ?? [])
      .slice(0, 3)
      .map((error) => `${error.instancePath || '/'} ${error.message}`)
      .join('; ');
  }
}
