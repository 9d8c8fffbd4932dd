// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/custom/chapterParts/messages';
import { AnswerView } from '../../src/custom/responseReview/AnswerView';
import { partsFr } from '../../src/i18n/parts.fr';
import { createI18nProvider } from '../../src/providers/i18nProvider';

afterEach(cleanup);

const part = {
  type: 'interactive_select_multi',
  content: {
    question: 'Quelles fonctions comptent ?',
    options: [
      { label: 'NB', correct: true },
      { label: 'NBVAL', correct: true },
      { label: 'SOMME', correct: false },
    ],
  },
};

function renderAnswer(value: unknown, shown: { type?: unknown; content?: unknown } = part) {
  const i18nProvider = createI18nProvider();
  render(
    <AdminContext dataProvider={{} as DataProvider} i18nProvider={i18nProvider}>
      <AnswerView part={shown} value={value} />
    </AdminContext>,
  );
}

describe("a learner's answer as the reviewer sees it", () => {
  it('marks the chosen options right or wrong, and the right ones missed', () => {
    renderAnswer({ selected: [0, 2] });
    const item = (label: string) => screen.getByText(label).closest('li')!.textContent;
    expect(item('NB')).toContain(partsFr.review.option.chosen_right);
    expect(item('SOMME')).toContain(partsFr.review.option.chosen_wrong);
    expect(item('NBVAL')).toContain(partsFr.review.option.missed);
  });

  it('shows a text as typed, as text', () => {
    renderAnswer(
      { text: '<img src=x onerror="window.__xss=1"> =SOMME(A1:A3)' },
      { type: 'interactive_text', content: { question: 'Q' } },
    );
    expect(screen.getByText('<img src=x onerror="window.__xss=1"> =SOMME(A1:A3)')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('offers the uploaded file to download under its name', () => {
    renderAnswer(
      { document: '/api/documents/12', name: 'Rendu.pdf' },
      { type: 'interactive_upload', content: { question: 'Q' } },
    );
    expect(screen.getByRole('button', { name: 'Rendu.pdf' })).toBeTruthy();
  });
});
