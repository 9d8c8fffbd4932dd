import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ScreensConfig } from '../../src/custom/crud/fieldSpec';
import { CONTRACTS_BY_NAME } from '../../src/domain/contracts/index.ts';
import { ALL_OPERATIONS, isWritable, targetOf } from '../../src/domain/contracts/types.ts';

/**
 * The screens add presentation only: every field, relation, enum value, order and filter a resource's
 * screens.ts names must be in its contract (src/domain/contracts), with the same constraints.
 */

const resourcesDir = new URL('../../src/resources/', import.meta.url);
const folders = readdirSync(resourcesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const DATES = new Set(['id', 'createdAt', 'updatedAt']);

describe('screens against the contracts', () => {
  it('has a contract for every resource folder', () => {
    expect(folders.filter((name) => !CONTRACTS_BY_NAME.has(name))).toEqual([]);
  });

  for (const name of folders)
    it(`${name}: names only what the contract says`, async () => {
      const contract = CONTRACTS_BY_NAME.get(name);
      if (!contract) throw new Error(`no contract for ${name}`);
      const { config } = (await import(`../../src/resources/${name}/screens.ts`)) as { config: ScreensConfig };
      const problems: string[] = [];
      for (const spec of config.fields) {
        const where = `${name}.${spec.source}`;
        if (DATES.has(spec.source)) continue;
        const field = contract.fields[spec.source];
        if (!field) {
          problems.push(`${where}: not in the contract`);
          continue;
        }
        if ((spec.kind === 'reference' || spec.kind === 'references') && spec.reference !== targetOf(field))
          problems.push(`${where}: points at ${spec.reference}, the contract at ${targetOf(field)}`);
        if (spec.choices) {
          const values = field.kind === 'enum' ? field.values : field.kind === 'stringList' ? (field.values ?? []) : [];
          for (const choice of spec.choices) if (!values.includes(choice as never)) problems.push(`${where}: value ${choice} not in the contract`);
        }
        if (spec.required && !field.required) problems.push(`${where}: required on screen, not in the contract`);
        if (spec.maxLength !== undefined && (field.kind !== 'string' || field.maxLength !== spec.maxLength))
          problems.push(`${where}: maxLength ${spec.maxLength} differs from the contract`);
        if (spec.sortable && !contract.order.includes(spec.source)) problems.push(`${where}: sortable, but the contract orders not on it`);
        if (spec.filter && !contract.filters.includes(spec.source)) problems.push(`${where}: a filter, but the contract has none on it`);
        if (!spec.readOnly && !isWritable(field) && !spec.render) problems.push(`${where}: an input, but the contract makes it read-only`);
      }
      for (const [sort, spec] of config.fields.entries())
        if (spec.sortable && DATES.has(spec.source) && spec.source !== 'id' && !contract.order.includes(spec.source))
          problems.push(`${name}.${spec.source} (#${sort}): sortable, but the contract orders not on it`);
      if (Boolean(config.search) !== Boolean(contract.search)) problems.push(`${name}: search ${Boolean(config.search)}, contract ${Boolean(contract.search)}`);
      const operations = contract.operations ?? ALL_OPERATIONS;
      for (const operation of ['create', 'update', 'delete'] as const) {
        const offered = operation === 'update' ? config.edit : config[operation];
        if (offered && !operations.includes(operation)) problems.push(`${name}: offers ${operation}, the contract does not`);
      }
      expect(problems).toEqual([]);
    });
});
