import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScreensConfig } from '../../src/custom/crud/fieldSpec';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { TRANSLATED_VIOLATION_CODES } from '../../src/domain/violations';
import { partsEn } from '../../src/i18n/parts.en';
import { partsFr } from '../../src/i18n/parts.fr';
import { outlineEn } from '../../src/i18n/outline.en';
import { outlineFr } from '../../src/i18n/outline.fr';
import { historyEn } from '../../src/i18n/history.en';
import { historyFr } from '../../src/i18n/history.fr';
import { dashboardEn } from '../../src/i18n/dashboard.en';
import { dashboardFr } from '../../src/i18n/dashboard.fr';
import { onboardingEn } from '../../src/i18n/onboarding.en';
import { learningReportsEn } from '../../src/i18n/learningReports.en';
import { learningReportsFr } from '../../src/i18n/learningReports.fr';
import { onboardingFr } from '../../src/i18n/onboarding.fr';
import { auditActionsEn, auditLogEn } from '../../src/i18n/auditLog.en';
import { learningEn } from '../../src/i18n/learning.en';
import { learningFr } from '../../src/i18n/learning.fr';
import { auditActionsFr, auditLogFr } from '../../src/i18n/auditLog.fr';
import { resources } from '../../src/resources';
import { MENU_GROUPS } from '../../src/custom/layout/menuGroups';

/**
 * Every translation key the back-office uses exists in French and in English: the keys written
 * in src/, the names of every resource and of every field its screens show, every enum value, the menu
 * sections, and the error snackbars' keys and the success messages with their fixed French text.
 */

type Messages = Record<string, unknown>;

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object')
      for (const [inner, text] of flatten(value as Messages, path)) keys.set(inner, text);
    else keys.set(path, String(value));
  }
  return keys;
}

// With the messages that lazily loaded screens add (src/i18n/lateMessages.ts): the chapter-part editors', the
// outline's (beside its link's, in the first page's), a record's history's, the journal's, the home page's,
// the sign-up's, the learners' screens' and the learning reports' (beside their links', in the first page's).
const french = flatten({
  ...fr,
  resources: { ...fr.resources, 'audit-log': { ...fr.resources['audit-log'], ...auditLogFr } },
  choices: { ...fr.choices, auditAction: auditActionsFr },
  app: {
    ...fr.app,
    ...dashboardFr,
    ...onboardingFr,
    parts: partsFr,
    outline: { ...fr.app.outline, ...outlineFr },
    history: historyFr,
    learning: learningFr,
    learning_reports: { ...fr.app.learning_reports, ...learningReportsFr },
  },
});
const english = flatten({
  ...en,
  resources: { ...en.resources, 'audit-log': { ...en.resources['audit-log'], ...auditLogEn } },
  choices: { ...en.choices, auditAction: auditActionsEn },
  app: {
    ...en.app,
    ...dashboardEn,
    ...onboardingEn,
    parts: partsEn,
    outline: { ...en.app.outline, ...outlineEn },
    history: historyEn,
    learning: learningEn,
    learning_reports: { ...en.app.learning_reports, ...learningReportsEn },
  },
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'i18n' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}

// A whole string literal that reads as one of our keys: `'app.side_panel.close'`, `"ra.action.edit"`...
const KEY_LITERAL =
  /['"`]((?:app|ra|choices|resources)\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*|Error_Login|GenericError|Generic_Error|Error_CantGetCompanyByKey|snackError_codeResend)['"`]/g;

/** The literal keys a source text uses. */
export function keysIn(source: string): string[] {
  return [...source.matchAll(KEY_LITERAL)].map((match) => match[1]);
}

/** The keys of `used` that a catalogue lacks. */
const missingIn = (catalogue: Map<string, string>, used: Iterable<string>) =>
  [...new Set(used)].filter((key) => !catalogue.has(key)).sort();

const screenModules = import.meta.glob<{ config: ScreensConfig }>('../../src/resources/*/screens.ts', { eager: true });

function keysOfScreens(): string[] {
  const keys: string[] = [];
  for (const definition of resources) {
    keys.push(
      `resources.${definition.name}.name`,
      `resources.${definition.name}.empty`,
      `resources.${definition.name}.invite`,
    );
    const module = screenModules[`../../src/resources/${definition.name}/screens.ts`];
    expect(module, `src/resources/${definition.name}/screens.ts`).toBeDefined();
    for (const spec of module.config.fields) {
      keys.push(`resources.${definition.name}.fields.${spec.source}`);
      for (const value of spec.choices ?? []) keys.push(`choices.${spec.choiceGroup ?? spec.source}.${value}`);
    }
  }
  return keys;
}

describe('translations', () => {
  it('finds a key that is missing (the check itself works)', () => {
    const fixture = `translate('app.side_panel.close'); notify('app.cette_cle_n_existe_pas', { type: 'info' });`;
    expect(missingIn(french, keysIn(fixture))).toEqual(['app.cette_cle_n_existe_pas']);
  });

  it('has every key written in src/ in French and in English', () => {
    const used = sourceFiles(join(__dirname, '../../src')).flatMap((file) => keysIn(readFileSync(file, 'utf8')));
    expect(used.length).toBeGreaterThan(30);
    expect(missingIn(french, used)).toEqual([]);
    expect(missingIn(english, used)).toEqual([]);
  });

  it('names every resource, field, enum value and menu section in both languages', () => {
    const used = [...keysOfScreens(), ...MENU_GROUPS.map((group) => `app.menu.${group}`)];
    expect(missingIn(french, used)).toEqual([]);
    expect(missingIn(english, used)).toEqual([]);
  });

  it('titles every creation page in proper French, with its article ("Créer une formation")', () => {
    const creatable = resources.filter((definition) => definition.create).map((definition) => definition.name);
    expect(creatable.length).toBeGreaterThan(5);
    for (const name of creatable) {
      const title = french.get(`resources.${name}.page.create`);
      expect(title, name).toMatch(/^Créer (un|une) [a-zà-ÿ]/);
    }
  });

  it('has the same keys in French and in English', () => {
    expect([...english.keys()].filter((key) => !french.has(key))).toEqual([]);
    expect([...french.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('says the error and success messages in their fixed French wording', () => {
    expect(french.get('Error_Login')).toBe('Une erreur est survenue');
    for (const key of ['GenericError', 'Generic_Error', 'Error_CantGetCompanyByKey', 'snackError_codeResend'])
      expect(french.get(key)).toBeTruthy();
    expect(french.get('ra.notification.updated')?.split(' |||| ')[0]).toBe('Modification effectuée');
    expect(french.get('ra.notification.created')).toBe('Ajout effectué');
    expect(french.get('app.notification.tag_added')).toBe('Tag ajouté');
    expect(french.get('app.notification.skill_added')).toBe('Skill ajouté');
  });
});

describe('the violation codes the back-office translates', () => {
  it('each have a French and an English message', () => {
    const messages = (words: { app: { validation: Record<string, unknown> } }) => words.app.validation;
    for (const code of TRANSLATED_VIOLATION_CODES) {
      expect(typeof messages(fr)[code], `fr app.validation.${code}`).toBe('string');
      expect(typeof messages(en)[code], `en app.validation.${code}`).toBe('string');
    }
  });
});
