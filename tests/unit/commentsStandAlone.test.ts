import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A comment says its reason itself. The product specification the project started from is not in the
 * repository, so a comment that sends the reader to it ("as the spec says", one of the state names it
 * gave) leaves them with a reference they cannot open; the departures from it are told in
 * docs/ARCHITECTURE.md, in words of their own. This reads the comments of every source file and refuses
 * such a citation.
 */
const ROOT = join(import.meta.dirname, '../..');
const FOLDERS = ['src', 'server', 'tests'];

/**
 * What cites the specification: the document by name, and the names it gave the old client's state (the
 * object shown above the side panel, the selected sub-tab, a login under way, the onboarding's callbacks)
 * that no code of this project bears, so that in a comment they can only point at that document. Names the
 * code does use (the `errorWrongCode` flag, the draft's `userAdminSubscriptionPlan`) are the code's own.
 */
const CITATION = [
  /\bthe spec\b/i,
  /\bspec's\b/i,
  /\bspecification\b/i,
  /\bspec\.md\b/i,
  /\bper spec\b/i,
  /(?<![\w$])\((?:the )?spec\b/i,
  /\bas specified\b/i,
  /\b(?:currentDetails(?:Above|Panel|PanelSide)?Object|currentDetailsPanelTitle|selectedDetailsSubTab|sideblockTitle|loginBeingProcessed|isReinitPassword|putOnboardCallback|(?:email|phone)StructureOnboard|(?:post|delete)Chapter(?:Supervision)?Trigger|chapterPartTrigger)\b/,
];

/** The two tests about citations, whose own comments name what they refuse. */
const GUARDS = ['tests/unit/commentsStandAlone.test.ts', 'tests/unit/comments.test.ts'];

interface SourceComment {
  line: number;
  text: string;
}

/** A keyword after which a `/` opens a regular expression (`return /x/.test(s)`), not a division. */
const KEYWORD_BEFORE = /(?<![\w$.])(?:return|typeof|case|in|of|new|delete|void|throw|yield|await|else|do)\s*$/;

/**
 * The comments of a TypeScript source: `//` lines and `/* … *\/` blocks, each with the line it starts on,
 * outside string, template and regular-expression literals. A `/` after a value (a name, a number, a
 * closing bracket) divides, and one after `<` closes a JSX element; anywhere else, or after a keyword such
 * as `return`, it opens a regular expression.
 */
function commentsOf(source: string): SourceComment[] {
  const found: SourceComment[] = [];
  const templates: number[] = []; // brace depth at each open `${`
  let depth = 0;
  let line = 1;
  let last = ''; // last significant character of code
  let i = 0;
  const count = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (source[k] === '\n') line++;
  };
  const skipQuoted = (quote: string) => {
    let k = i + 1;
    while (k < source.length && source[k] !== quote && source[k] !== '\n') k += source[k] === '\\' ? 2 : 1;
    return k + 1;
  };
  const skipTemplate = (from: number) => {
    // from: index just after the backquote or the `}` closing a substitution
    let k = from;
    while (k < source.length) {
      if (source[k] === '\\') k += 2;
      else if (source[k] === '`') return { end: k + 1, opened: false };
      else if (source[k] === '$' && source[k + 1] === '{') return { end: k + 2, opened: true };
      else k++;
    }
    return { end: k, opened: false };
  };
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      let end = source.indexOf('\n', i);
      if (end < 0) end = source.length;
      found.push({ line, text: source.slice(i + 2, end) });
      i = end;
    } else if (c === '/' && next === '*') {
      let end = source.indexOf('*/', i + 2);
      end = end < 0 ? source.length : end + 2;
      found.push({ line, text: source.slice(i + 2, end - 2) });
      count(i, end);
      i = end;
    } else if (c === "'" || c === '"') {
      const end = skipQuoted(c);
      count(i, end);
      i = end;
      last = 'a';
    } else if (c === '`' || (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth)) {
      if (c === '}') templates.pop();
      const { end, opened } = skipTemplate(i + 1);
      if (opened) templates.push(depth);
      count(i, end);
      i = end;
      last = opened ? '(' : 'a';
    } else if (c === '/' && (!/[\w$)\]}<]/.test(last) || KEYWORD_BEFORE.test(source.slice(Math.max(0, i - 20), i)))) {
      let k = i + 1;
      let inClass = false;
      while (k < source.length && source[k] !== '\n' && (inClass || source[k] !== '/')) {
        if (source[k] === '\\') k++;
        else if (source[k] === '[') inClass = true;
        else if (source[k] === ']') inClass = false;
        k++;
      }
      i = source[k] === '/' ? k + 1 : k;
      last = 'a';
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      if (c === '\n') line++;
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return found;
}

/** Each line of a comment that cites the specification, numbered in the file. */
function citationsOf(source: string): SourceComment[] {
  return commentsOf(source).flatMap((comment) =>
    comment.text
      .split('\n')
      .flatMap((text, offset) =>
        CITATION.some((pattern) => pattern.test(text)) ? [{ line: comment.line + offset, text: text.trim() }] : [],
      ),
  );
}

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.split(/[\\/]/).includes('node_modules'));
}

describe('comments', () => {
  it('stand alone, never citing the specification that is not in the repository', () => {
    const found: string[] = [];
    for (const folder of FOLDERS)
      for (const file of sources(folder).filter((path) => !GUARDS.includes(relative(ROOT, path))))
        for (const { line, text } of citationsOf(readFileSync(file, 'utf8')))
          found.push(`${relative(ROOT, file)}:${line}: ${text}`);
    expect(found).toEqual([]);
  });

  it('finds a citation in a comment, and not in code or a string', () => {
    const planted = [
      "const PersonSpec = { spec: 'the spec' }; // kept as the spec asks",
      'const pattern = /\\/\\/ the spec/; const url = `http://x/${"the spec"}`;',
      '/**',
      ' * Cleared on every route change, like currentDetailsAboveObject.',
      ' */',
      'const ratio = total / 2; /* (spec) */ const y = ratio / 3;',
      "const text = 'see spec.md'; // see spec.md",
      'function specOf(spec: FieldSpec) { return spec; } // read the field spec (its kind)',
      'fields.map((spec) => fieldInput(spec)); // each field through `fieldInput(spec)`',
      "if (kind) return /\\/\\/ the spec/.test(line); else x = <p title='the spec'>{y}</p>; // per spec",
    ].join('\n');
    expect(citationsOf(planted)).toEqual([
      { line: 1, text: 'kept as the spec asks' },
      { line: 4, text: '* Cleared on every route change, like currentDetailsAboveObject.' },
      { line: 6, text: '(spec)' },
      { line: 7, text: 'see spec.md' },
      { line: 10, text: 'per spec' },
    ]);
  });
});
