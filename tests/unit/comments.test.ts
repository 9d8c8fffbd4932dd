import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments, docs and test titles say why in their own words. A reader of the repository cannot open the
 * issue tracker's numbers nor the product specification's section numbers, so a pointer to either tells
 * them nothing: the rule and its reason are stated instead. An upstream project's issue is
 * named by its full address, which anyone can open.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const SELF = 'tests/unit/comments.test.ts';

/** What points nowhere, each with the words a failure names it by. */
const POINTERS: { name: string; pattern: RegExp }[] = [
  // "issue 16", "Issues 11 and 13", "issue #12"; not "sessions.issue(user)", "issues the next pair",
  // French "à l'issue de", nor an address ending in "/issues/123".
  { name: 'an issue number', pattern: /\bissues?\s*#?\s*\d/i },
  // "spec section 9", "the spec's section 7", "spec, sections 4 and 8", "spec (`spec.md`, section 7)", "spec §2".
  { name: "a spec's section number", pattern: /\bspec(?:ification)?\b[^;\n]{0,40}?(?:\bsections?\s+\d|§)/i },
  // A section cited without the word: "(section 8)", "of section 7", "§ 4".
  { name: 'a section number', pattern: /(?:\(|\b(?:of|in|see|by|per|under|from)\s+)sections?\s+\d|§\s*\d/i },
];

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path !== '' && path !== SELF && path !== 'package-lock.json');
}

/** Every line of `text` that cites an issue or a spec section, as `file:line: what (the line)`. */
function pointersIn(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const pointer = POINTERS.find(({ pattern }) => pattern.test(line));
    return pointer ? [`${file}:${index + 1}: ${pointer.name}: ${line.trim()}`] : [];
  });
}

describe('comments say why in their own words', () => {
  it('cite no issue number and no section number of the product specification, in any tracked file', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) => pointersIn(file, readFileSync(join(root, file), 'utf8')));
    expect(found, `say the reason itself instead:\n${found.join('\n')}`).toEqual([]);
  });

  it('names what points nowhere, and only that', () => {
    const cited = [
      '/** Issue 16: an invited user. */',
      "// The list is the review's (issue 12).",
      ' * Issue 10, item 4, as two admins see it',
      "describe('onboarding (issues 17 and 18)', () => {",
      '(react-admin issue #10885)',
      '/** Spec section 9: the loader sizes. */',
      '* What a failed call shows (spec, sections 4 and 8): a snackbar',
      "describe('errors of the sign-in flows, as the spec's keys and flags (section 8)', () => {",
      '/** Calls of section 7 not served yet. */',
      'Where the product spec (`spec.md`, section 7) lists an endpoint,',
      '-- spec §4: the history',
    ];
    const plain = [
      'async issue(user: SessionUser, scope: SessionScope) {',
      '* Spends a refresh token and issues the next pair in the same family.',
      "'Les données seront supprimées à l’issue de la durée de conservation de trois ans.'",
      '(https://github.com/marmelab/react-admin/issues/10885)',
      "cover('rgpd', 'Couverture - RGPD.png', '#263238', '#37474f', 110, PLATFORM_STAFF),",
      'people.specs.flatMap((spec) => spec.company === null ? [] : [spec.email]),',
      '/** A snackbar shows for 3000 ms, then fades out in 500 ms. */',
      "title: 'Section 2 : les bases',",
    ];
    expect(cited.filter((line) => pointersIn('x', line).length === 0)).toEqual([]);
    expect(plain.flatMap((line) => pointersIn('x', line))).toEqual([]);
  });
});
