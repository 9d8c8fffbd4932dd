// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCsv, rowProblemsOf } from '../../src/custom/csvImport/csvRows';
import { CSV_IMPORT_MAX_ROWS } from '../../src/domain/csvImport';
import { fr } from '../../src/i18n/fr';
import { sessionStore } from '../../src/providers/sessionStore';
import { config as usersConfig } from '../../src/resources/users/screens';

/**
 * A CSV file read as an import's rows: UTF-8 with or without its BOM, `;` or `,`, the columns named by field
 * or by their French label, cells turned into the API's values; bytes that are no UTF-8 reach the server
 * as U+FFFD, which reports them on their row.
 */

const payload = btoa(JSON.stringify({ role: ['ROLE_SUPER_ADMIN'], exp: Math.floor(Date.now() / 1000) + 3600 }));
beforeEach(() => sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_SUPER_ADMIN'] }));
afterEach(() => sessionStore.clear());

/** The French catalogue, as the dialog's translate reads it. */
function translate(key: string, options?: Record<string, unknown>): string {
  const found = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], fr);
  return typeof found === 'string' ? found : String(options?._ ?? key);
}

const fileOf = (bytes: Uint8Array<ArrayBuffer> | string, name = 'users.csv') =>
  new File([bytes], name, { type: 'text/csv' });
const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

describe('a CSV file read for an import', () => {
  it('reads French Excel: a BOM, semicolons, French labels and words', async () => {
    const text =
      'Prénom;Nom;Adresse e-mail;Type;Actif;Rôles;Colonne libre\r\nLéa;Durand;lea@demo.fr;Contributeur;non;ROLE_USER | Administrateur;x\r\n\r\n';
    const bytes = new Uint8Array([...BOM, ...new TextEncoder().encode(text)]);
    const read = await readCsv(fileOf(bytes), usersConfig, translate);
    expect(read.problem).toBeUndefined();
    expect(read.ignored).toEqual(['Colonne libre']);
    expect(read.rows).toEqual([
      {
        firstName: 'Léa',
        lastName: 'Durand',
        email: 'lea@demo.fr',
        type: 'contributor',
        enabled: false,
        roles: ['ROLE_USER', 'ROLE_ADMIN'],
      },
    ]);
  });

  it('reads commas without a BOM, by field names; keeps what it cannot read for the server to refuse', async () => {
    const text =
      'email,firstName,lastName,type,enabled\n"a@demo.fr","=cmd|\' /C calc\'!A0","Martin, fils",boss,peut-être\n';
    const read = await readCsv(fileOf(text), usersConfig, translate);
    expect(read.rows).toEqual([
      {
        email: 'a@demo.fr',
        firstName: "=cmd|' /C calc'!A0",
        lastName: 'Martin, fils',
        type: 'boss',
        enabled: 'peut-être',
      },
    ]);
  });

  it('turns bytes that are no UTF-8 into U+FFFD, and never reads a password column', async () => {
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('firstName;lastName;password\nFran'),
      0xe7,
      ...new TextEncoder().encode('ois;Roy;Secret2026!!\n'),
    ]);
    const read = await readCsv(fileOf(latin1), usersConfig, translate);
    expect(read.rows).toEqual([{ firstName: 'Fran\uFFFDois', lastName: 'Roy' }]);
    expect(read.ignored).toEqual(['password']);
  });

  it('says what is wrong with the file itself', async () => {
    expect((await readCsv(fileOf(''), usersConfig, translate)).problem).toEqual({ key: 'empty' });
    expect((await readCsv(fileOf('a;b\n1;2\n'), usersConfig, translate)).problem).toEqual({ key: 'no_field' });
    const many = ['email', ...Array.from({ length: CSV_IMPORT_MAX_ROWS + 1 }, (_, i) => `u${i}@demo.fr`)].join('\n');
    expect((await readCsv(fileOf(many), usersConfig, translate)).problem).toMatchObject({ key: 'too_many' });
  });

  it('reads the rows of a 422 from their paths', () => {
    expect(
      rowProblemsOf([
        { propertyPath: 'rows[3].email', code: 'email', message: 'This value is not a valid email address.', row: 3 },
        { propertyPath: 'rows[12]', message: 'No field.' },
        { propertyPath: 'rows', code: 'count', message: 'Not a row.' },
      ]),
    ).toEqual([
      { row: 3, field: 'email', code: 'email', message: 'This value is not a valid email address.' },
      { row: 12, field: '', code: undefined, message: 'No field.' },
    ]);
  });
});
