// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldChange } from '../../src/domain/audit';
import { ChangedField } from '../../src/custom/history/ChangedField';
import { lineDiff } from '../../src/custom/history/lineDiff';
import { historyFr } from '../../src/i18n/history.fr';
import { partsFr } from '../../src/i18n/parts.fr';
import { createI18nProvider } from '../../src/providers/i18nProvider';

afterEach(cleanup);

function renderChange(resource: string, field: string, change: FieldChange) {
  render(
    <AdminContext dataProvider={{} as DataProvider} i18nProvider={createI18nProvider()}>
      <ChangedField resource={resource} field={field} change={change} />
    </AdminContext>,
  );
  return screen.getByRole('region', { name: field === 'content' ? 'Contenu' : 'Description' });
}

const linesOf = (root: HTMLElement, kind: 'removed' | 'added') =>
  [...root.querySelectorAll(`[data-change="${kind}"]`)].map((line) => line.textContent?.replace(/^[−+]/, ''));

describe("a change's difference", () => {
  it('shows a long text as its removed and added lines, the unchanged ones around them', async () => {
    const before = ['# Les tableaux', '', 'Un tableau croisé résume des lignes.', 'Fin.'].join('\n');
    const after = ['# Les tableaux', '', 'Un tableau croisé dynamique résume des lignes.', 'Fin.'].join('\n');
    const field = renderChange('courses', 'description', { before, after });
    const removed = await within(field).findByText('Un tableau croisé résume des lignes.');
    expect(removed.closest('del')).not.toBeNull();
    expect(within(field).getByText('Un tableau croisé dynamique résume des lignes.').closest('ins')).not.toBeNull();
    expect(linesOf(field, 'removed')).toEqual(['Un tableau croisé résume des lignes.']);
    expect(linesOf(field, 'added')).toEqual(['Un tableau croisé dynamique résume des lignes.']);
    // The title and the last line did not change: shown once, as neither.
    expect(within(field).getAllByText('# Les tableaux')).toHaveLength(1);
    expect(within(field).getByText('Fin.').closest('del, ins')).toBeNull();
  });

  it("shows a part's content field by field, under the editor's labels, leaving out what did not change", async () => {
    const field = renderChange('chapter-parts', 'content', {
      before: {
        question: 'Quelle touche fige les volets ?',
        options: [
          { label: 'F4', correct: true },
          { label: 'F2', correct: false },
        ],
      },
      after: {
        question: 'Quelle touche fige les volets ?',
        options: [
          { label: 'F4', correct: false },
          { label: 'F2', correct: true },
          { label: 'F9', correct: false },
        ],
      },
    });
    const options = field.querySelector('[data-content-key="options"]') as HTMLElement;
    expect(within(options).getByText(partsFr.fields.options)).toBeTruthy();
    expect(field.querySelector('[data-content-key="question"]')).toBeNull();
    await within(options).findByText('F9');
    expect(linesOf(options, 'removed')).toEqual(['F4 ✓', 'F2']);
    expect(linesOf(options, 'added')).toEqual(['F4', 'F2 ✓', 'F9']);
  });

  it('shows a short value before and after, as the side panel shows it', () => {
    render(
      <AdminContext dataProvider={{} as DataProvider} i18nProvider={createI18nProvider()}>
        <ChangedField resource="courses" field="title" change={{ before: 'Chimie', after: 'Chimie organique' }} />
      </AdminContext>,
    );
    const field = screen.getByRole('region', { name: 'Titre' });
    const before = field.querySelector('[data-side="before"]') as HTMLElement;
    const after = field.querySelector('[data-side="after"]') as HTMLElement;
    expect(within(before).getByText(historyFr.before)).toBeTruthy();
    expect(within(before).getByText('Chimie')).toBeTruthy();
    expect(within(after).getByText('Chimie organique')).toBeTruthy();
  });

  it("shows a creation's value alone, with nothing before it, and the structure under the lists' name", () => {
    render(
      <AdminContext dataProvider={{} as DataProvider} i18nProvider={createI18nProvider()}>
        <ChangedField resource="courses" field="title" change={{ before: null, after: 'Chimie' }} created />
        <ChangedField resource="courses" field="company" change={{ before: null, after: null }} />
      </AdminContext>,
    );
    const field = screen.getByRole('region', { name: 'Titre' });
    expect(within(field).getByText('Chimie')).toBeTruthy();
    expect(within(field).queryByText(historyFr.before)).toBeNull();
    expect(screen.getByRole('region', { name: 'Structure' })).toBeTruthy();
  });

  it('says a secret changed without its values', () => {
    render(
      <AdminContext dataProvider={{} as DataProvider} i18nProvider={createI18nProvider()}>
        <ChangedField resource="users" field="password" change={{ before: null, after: null, hidden: true }} />
      </AdminContext>,
    );
    expect(screen.getByText(historyFr.hidden_value)).toBeTruthy();
  });
});

describe('the line difference', () => {
  it('keeps two unchanged lines around a change and folds the rest into a gap', () => {
    const before = Array.from({ length: 12 }, (_, index) => `ligne ${index + 1}`).join('\n');
    const after = before.replace('ligne 6', 'ligne six');
    expect(lineDiff(before, after)).toEqual([
      { kind: 'gap', count: 3 },
      { kind: 'same', text: 'ligne 4' },
      { kind: 'same', text: 'ligne 5' },
      { kind: 'removed', text: 'ligne 6' },
      { kind: 'added', text: 'ligne six' },
      { kind: 'same', text: 'ligne 7' },
      { kind: 'same', text: 'ligne 8' },
      { kind: 'gap', count: 4 },
    ]);
  });
});
