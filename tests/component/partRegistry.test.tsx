// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PartPreview } from '../../src/custom/chapterParts/PartPreview';
import { PART_TYPES } from '../../src/custom/chapterParts/registry';
import { nestErrors } from '../../src/custom/chapterParts/validation';
import { checkChapterPartContent } from '../../src/domain/chapterPartContent';
import { CHAPTER_PART_TYPES } from '../../src/domain/chapterParts';
import { partsFr } from '../../src/i18n/parts.fr';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { FILLED, HOSTILE } from './partFixtures';

afterEach(cleanup);

beforeAll(() => {
  // jsdom has no object URLs; the previews show downloaded documents through them.
  URL.createObjectURL = () => 'blob:http://localhost/preview';
  URL.revokeObjectURL = () => undefined;
});

const dataProvider = {
  download: async (id: number) => ({
    data: { blob: new Blob(['x'], { type: 'image/png' }), filename: `document-${id}.png` },
  }),
} as unknown as DataProvider;

function renderPreview(type: (typeof CHAPTER_PART_TYPES)[number], content: Record<string, unknown>) {
  const i18nProvider = createI18nProvider();
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <PartPreview type={type} content={content} />
    </AdminContext>,
  );
}

describe('the registry of part types', () => {
  it('has one entry for every type of the domain, each with its own empty content', () => {
    expect(Object.keys(PART_TYPES).sort()).toEqual([...CHAPTER_PART_TYPES].sort());
    for (const type of CHAPTER_PART_TYPES) {
      expect(PART_TYPES[type].type).toBe(type);
      expect(PART_TYPES[type].empty()).not.toBe(PART_TYPES[type].empty());
    }
  });

  it.each(CHAPTER_PART_TYPES)('%s: the empty content is valid once its required fields are filled', (type) => {
    const empty = PART_TYPES[type].empty();
    // The empty content has the type's shape: nothing in it is foreign to the type.
    expect(
      checkChapterPartContent(type, empty).violations.filter((violation) => violation.code === 'unexpected'),
    ).toEqual([]);
    expect(checkChapterPartContent(type, { ...empty, ...FILLED[type] }).violations).toEqual([]);
    expect(PART_TYPES[type].summary({ ...empty, ...FILLED[type] })).toEqual(expect.any(String));
  });

  it.each(CHAPTER_PART_TYPES)('%s: the preview shows the content', async (type) => {
    const { container } = renderPreview(type, { ...PART_TYPES[type].empty(), ...FILLED[type] });
    await waitFor(() => expect(container.textContent).not.toContain(partsFr.preview.empty));
    // An embedded page loads when asked.
    const load = screen.queryByRole('button', { name: partsFr.preview.load_frame });
    if (load) fireEvent.click(load);
    const seen: Record<string, () => unknown> = {
      text_markdown: () => {
        expect(screen.getByRole('table')).toBeTruthy();
        expect(screen.getByRole('heading', { name: 'Les tableaux croisés' })).toBeTruthy();
      },
      image: () => expect(screen.getByRole('img', { name: 'Schéma du tableau' }).getAttribute('src')).toMatch(/^blob:/),
      video_youtube: () =>
        expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
          'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        ),
      video: () => expect(container.querySelector('video')?.getAttribute('src')).toMatch(/^blob:/),
      file_downloadable: () => expect(screen.getByRole('button', { name: 'Le support du cours' })).toBeTruthy(),
      links: () =>
        expect(screen.getByRole('link', { name: 'La documentation' }).getAttribute('href')).toBe(
          'https://example.org/doc',
        ),
      url_iframe: () => expect(container.querySelector('iframe')?.getAttribute('sandbox')).toContain('allow-scripts'),
      from_typeform: () =>
        expect(container.querySelector('iframe')?.getAttribute('src')).toBe('https://form.typeform.com/to/AbC123'),
      notes: () => expect(screen.getByText('Penser à relire le chapitre 2.')).toBeTruthy(),
      interactive_text: () =>
        expect(screen.getByRole('textbox', { name: 'Quelle formule additionne une plage ?' })).toBeTruthy(),
      interactive_long_text: () =>
        expect(screen.getByRole('textbox', { name: 'Décrivez votre démarche.' })).toBeTruthy(),
      interactive_select: () => expect(screen.getAllByRole('radio')).toHaveLength(2),
      interactive_select_multi: () => expect(screen.getAllByRole('checkbox')).toHaveLength(3),
      interactive_upload: () => expect(screen.getByText('Déposez votre classeur.')).toBeTruthy(),
    };
    await waitFor(seen[type]);
  });

  it.each(CHAPTER_PART_TYPES)(
    '%s: a script, an event handler, a javascript: link or an http frame renders inert',
    async (type) => {
      const { container } = renderPreview(type, HOSTILE[type]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const load = screen.queryByRole('button', { name: partsFr.preview.load_frame });
      if (load) fireEvent.click(load);
      expect(container.querySelector('script')).toBeNull();
      expect(container.querySelector('[onerror], [onload], [onclick]')).toBeNull();
      for (const link of container.querySelectorAll('a'))
        expect(link.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
      for (const frame of container.querySelectorAll('iframe'))
        expect(frame.getAttribute('src')).toMatch(/^https:\/\//);
      for (const media of container.querySelectorAll('video, img'))
        expect(media.getAttribute('src') ?? '').not.toMatch(/^\s*javascript:/i);
      expect((window as { __xss?: number }).__xss).toBeUndefined();
    },
  );
});

describe('violations as form errors', () => {
  it('nests each property path under its field, a list before its items', () => {
    expect(
      nestErrors({
        'content.links[1].url': 'a',
        'content.options': 'b',
        'content.options[0].label': 'c',
        chapter: 'd',
      }),
    ).toEqual({
      content: { links: { 1: { url: 'a' } }, options: 'b' },
      chapter: 'd',
    });
  });
});
