import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A length limit typed as a number in a screen or a route drifts from the contract it copies (a title's 255,
 * a comment's 5000, a structure name's 200 against the 255 its column takes). Screens and hand-written
 * routes read them from `src/domain` (a contract's `maxLengthOf`, a named bound); this finds a number that
 * came back.
 */
const ROOT = join(import.meta.dirname, '../..');
const FOLDERS = ['src/custom', 'src/resources', 'server/routes', 'server/onboarding'];
const LIMIT = [
  /maxLength\s*[:=]\s*\{?\s*[1-9][\d_]*/,
  /maxLength\(\s*[1-9][\d_]*/,
  /filledText\(\s*[1-9][\d_]*/,
  /\.length\s*>=?\s*[1-9][\d_]{1,}/,
  /required\(.*,\s*[1-9][\d_]*\)/,
];

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('length limits', () => {
  it('are written once in src/domain, never as a number in a screen or a route', () => {
    const found: string[] = [];
    for (const folder of FOLDERS)
      for (const file of sources(folder))
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (LIMIT.some((pattern) => pattern.test(line)))
              found.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
          });
    expect(found).toEqual([]);
  });

  it('finds one when it comes back', () => {
    const samples = [
      'slotProps={{ htmlInput: { maxLength: 255 } }}',
      "title: refusedAs(filledText(255), 'length', 'x'),",
      "if (values.title.length > 255) flat.title = 'app.validation.length';",
      "const name = required('company.name', text(company.name), 200);",
    ];
    for (const sample of samples)
      expect(
        LIMIT.some((pattern) => pattern.test(sample)),
        sample,
      ).toBe(true);
  });
});
