import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ScreensConfig } from '../../src/custom/crud/fieldSpec';
import { CONTRACTS_BY_NAME } from '../../src/domain/contracts/index';
import { ALL_OPERATIONS, RECORD_DATES } from '../../src/domain/contracts/types';
import { listSortOf } from '../../src/custom/crud/listSort';
import { resources } from '../../src/resources';

/**
 * The screens add presentation only: each resource folder's screens.ts lays out fields that its own
 * contract (src/domain/contracts) declares, read through `screensOf`, and retypes none of what the contract
 * says (types, constraints, enum values, relation targets, search, operations).
 */

const resourcesDir = new URL('../../src/resources/', import.meta.url);
const folders = readdirSync(resourcesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// What only a contract may say: a screen that writes one of these keys retypes it.
const CONTRACT_WORDS =
  /\b(kind|required|maxLength|minLength|min|max|choices|reference|sortable|readOnly|search|values|target)\s*:/;

describe('screens against the contracts', () => {
  it('has a contract for every resource folder, under the same name', async () => {
    expect(folders.filter((name) => !CONTRACTS_BY_NAME.has(name))).toEqual([]);
    // One name per resource: the folder is the API's name, its definition that name in camelCase.
    const camelCase = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
    for (const name of folders)
      expect(Object.keys(await import(`../../src/resources/${name}/index.ts`)), name).toEqual([camelCase(name)]);
  });

  for (const name of folders)
    it(`${name}: reads its own contract and says only presentation`, async () => {
      const contract = CONTRACTS_BY_NAME.get(name)!;
      const { config } = (await import(`../../src/resources/${name}/screens.ts`)) as { config: ScreensConfig };
      expect(config.resource).toBe(name);
      const text = readFileSync(new URL(`${name}/screens.ts`, resourcesDir), 'utf8');
      expect(text.split('\n').filter((line) => CONTRACT_WORDS.test(line))).toEqual([]);
      for (const spec of config.fields)
        expect(
          spec.source in contract.fields || (RECORD_DATES as readonly string[]).includes(spec.source),
          `${name}.${spec.source}`,
        ).toBe(true);
      expect(Boolean(config.search)).toBe(Boolean(contract.search));
      const operations = contract.operations ?? ALL_OPERATIONS;
      expect({ create: config.create, edit: config.edit, delete: config.delete }).toEqual({
        create: operations.includes('create'),
        edit: operations.includes('update'),
        delete: operations.includes('delete'),
      });
    });

  it('orders each list as its contract does, and a folder chooses an order only where its contract has none', () => {
    const problems: string[] = [];
    for (const { name, listSort } of resources) {
      const contract = CONTRACTS_BY_NAME.get(name)!;
      if (contract.defaultOrder && listSort) problems.push(`${name}: says an order beside its contract's`);
      if (!contract.defaultOrder && !listSort) problems.push(`${name}: its list would be in id order`);
      const { field } = listSortOf(name, listSort);
      if (!contract.order.includes(field))
        problems.push(`${name}: ordered on ${field}, which its contract does not order on`);
    }
    expect(problems).toEqual([]);
    expect(listSortOf('tickets', { field: 'subject', order: 'ASC' })).toEqual({ field: 'updatedAt', order: 'DESC' });
    expect(listSortOf('courses', { field: 'title', order: 'ASC' })).toEqual({ field: 'title', order: 'ASC' });
  });

  it('routes to an edit or create screen only where the contract offers it', () => {
    const routes = resources.map(({ name, edit, create }) => ({ name, edit: Boolean(edit), create: Boolean(create) }));
    expect(routes).toEqual(
      resources.map(({ name }) => {
        const operations = CONTRACTS_BY_NAME.get(name)!.operations ?? ALL_OPERATIONS;
        return { name, edit: operations.includes('update'), create: operations.includes('create') };
      }),
    );
  });
});
