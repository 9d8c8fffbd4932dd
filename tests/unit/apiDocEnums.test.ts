import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHAPTER_PART_TYPES } from '../../src/domain/chapterParts';
import { CONTRACTS_BY_NAME } from '../../src/domain/contracts/index';

/**
 * docs/API.md says some enumerations in words, for a reader: each must be the domain's list, in its order,
 * so the page changes when the domain does (a new part type, a new status).
 */
const apiDoc = readFileSync(new URL('../../docs/API.md', import.meta.url), 'utf8');

/** The rows of the markdown table under a heading: the cells of each, trimmed. */
function tableUnder(heading: string): string[][] {
  const start = apiDoc.indexOf(`${heading}\n`);
  expect(start, `docs/API.md has the heading "${heading}"`).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of apiDoc.slice(start + heading.length + 1).split('\n')) {
    if (!line.startsWith('|')) {
      // Words before the table are read past; the table ends at its first line that is no row.
      if (rows.length > 0 || line.startsWith('#')) break;
      continue;
    }
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2);
}

describe("docs/API.md's enumerations", () => {
  it('list the part types of src/domain/chapterParts.ts, one row each, in order', () => {
    const types = tableUnder('### Chapter-part `content` by type').map(([type]) => type);
    expect(types, 'one row a part type in "Chapter-part `content` by type"').toEqual([...CHAPTER_PART_TYPES]);
  });

  it("list each resource's enum values as its contract says them", () => {
    let seen = 0;
    for (const [name, fields] of tableUnder('## Resources')) {
      const contract = CONTRACTS_BY_NAME.get(name);
      if (!contract) continue;
      // A field written `status (\`draft\`\|\`published\`)`: the values between backticks, before any comment.
      for (const match of fields.matchAll(/(\w+)\*? \(((?:`[\w-]+`(?:\\\|)?)+)/g)) {
        const [, field, listed] = match;
        const declared = (contract.fields as Record<string, { kind: string; values?: readonly unknown[] }>)[field];
        if (declared?.kind !== 'enum') continue;
        const values = [...listed.matchAll(/`([\w-]+)`/g)].map(([, value]) => value);
        expect(values, `${name}.${field} in docs/API.md's "Resources"`).toEqual(declared.values?.map(String));
        seen += 1;
      }
    }
    expect(seen, 'the check found the enumerations it reads').toBeGreaterThanOrEqual(10);
  });
});
