import SwaggerParser from '@apidevtools/swagger-parser';
import { parseOpenApi3Documentation } from '@api-platform/api-doc-parser';
import { Document, Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTS } from '../../src/domain/contracts/index.ts';
import { ALL_OPERATIONS } from '../../src/domain/contracts/types.ts';
import { documentedFields } from '../../server/docs/hydra.ts';
import { freePort } from '../support/freePort.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Tools no one here wrote read the OpenAPI document as an integrator's pipeline would: Spectral's OpenAPI
 * ruleset (`spectral:oas`), swagger-parser's validation against the OpenAPI 3.1 schema, and API Platform's
 * own OpenAPI reader, which react-admin's API Platform admin builds its screens from.
 */

let t: TestApp;
let origin: string;
let document: Record<string, unknown>;

/** The warnings a reader may still meet: few enough to read, and each one deliberate. */
const MAX_WARNINGS = 10;

beforeAll(async () => {
  t = await createTestApp();
  const port = await freePort();
  await t.app.listen({ host: '127.0.0.1', port });
  origin = `http://127.0.0.1:${port}`;
  document = (await t.request('GET', '/api/docs.json')).json;
});

afterAll(async () => {
  await t?.close();
});

const said = (diagnostics: ISpectralDiagnostic[]) =>
  diagnostics.map((diagnostic) => `${diagnostic.code} at ${diagnostic.path.join('.')}: ${diagnostic.message}`);

describe('the OpenAPI document, read by standard tools', () => {
  it('passes Spectral’s OpenAPI ruleset without an error, with at most a few warnings', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    const diagnostics = await spectral.run(new Document(JSON.stringify(document), Json));
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 0);
    const warnings = diagnostics.filter((diagnostic) => diagnostic.severity === 1);
    console.log(`Spectral: ${errors.length} errors, ${warnings.length} warnings\n${said(warnings).join('\n')}`);
    expect(said(errors)).toEqual([]);
    expect(warnings.length, said(warnings).join('\n')).toBeLessThanOrEqual(MAX_WARNINGS);
  });

  it('is a valid OpenAPI 3.1 document for swagger-parser, every reference resolved', async () => {
    const api = await SwaggerParser.validate(structuredClone(document) as never);
    expect((api as { openapi?: string }).openapi).toBe('3.1.0');
  });

  it('gives API Platform’s OpenAPI reader every resource with its fields', async () => {
    const { api } = await parseOpenApi3Documentation(`${origin}/api/docs.json`);
    const readable = CONTRACTS.filter((contract) => (contract.operations ?? ALL_OPERATIONS).includes('get'));
    for (const contract of readable) {
      // The reader names a resource by the plural of its path's segment (`notes-bo` → `notes-bos`).
      const resource = api.resources?.find((candidate) =>
        [contract.name, `${contract.name}s`].includes(candidate.name),
      );
      expect(resource, contract.name).toBeDefined();
      expect(
        resource?.fields?.map((field) => field.name),
        contract.name,
      ).toEqual(expect.arrayContaining(documentedFields(contract).map(([name]) => name)));
    }
  });
});
