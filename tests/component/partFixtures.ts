import type { ChapterPartType } from '../../src/domain/chapterParts';

/** What an author fills in, on top of a type's empty content, for the part to be valid. */
export const FILLED: Record<ChapterPartType, Record<string, unknown>> = {
  text_markdown: { markdown: '## Les tableaux croisés\n\n| Mois | Ventes |\n| --- | --- |\n| Mars | 12 |' },
  image: { document: 7, alt: 'Schéma du tableau' },
  video_youtube: { url: 'https://youtu.be/dQw4w9WgXcQ' },
  video: { document: 8 },
  file_downloadable: { document: 9, label: 'Le support du cours' },
  links: { links: [{ label: 'La documentation', url: 'https://example.org/doc' }] },
  url_iframe: { url: 'https://example.org/page' },
  from_typeform: { formId: 'AbC123' },
  notes: { text: 'Penser à relire le chapitre 2.' },
  interactive_text: { question: 'Quelle formule additionne une plage ?' },
  interactive_long_text: { question: 'Décrivez votre démarche.' },
  interactive_select: {
    question: 'Quelle touche fige les volets ?',
    options: [
      { label: 'F4', correct: true },
      { label: 'F2', correct: false },
    ],
  },
  interactive_select_multi: {
    question: 'Quelles fonctions comptent ?',
    options: [
      { label: 'NB', correct: true },
      { label: 'NBVAL', correct: true },
      { label: 'SOMME', correct: false },
    ],
  },
  interactive_upload: { question: 'Déposez votre classeur.' },
};

/** A text that would run a script if it were ever taken as HTML, and an address that would. */
export const XSS = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 1">';
export const JS_URL = 'javascript:window.__xss=1';

/** Every text of a type's content holding the payload, every address a `javascript:` one. */
export const HOSTILE: Record<ChapterPartType, Record<string, unknown>> = {
  text_markdown: { markdown: `${XSS}\n\n[cliquez](${JS_URL})\n\n<iframe src="http://evil.example"></iframe>` },
  image: { document: 7, alt: XSS },
  video_youtube: { url: JS_URL },
  video: { url: JS_URL },
  file_downloadable: { document: 9, label: XSS },
  links: { links: [{ label: XSS, url: JS_URL }] },
  url_iframe: { url: 'http://evil.example/page', height: 300 },
  from_typeform: { url: JS_URL },
  notes: { text: XSS },
  interactive_text: { question: XSS, placeholder: XSS, maxLength: 10 },
  interactive_long_text: { question: XSS, placeholder: XSS },
  interactive_select: {
    question: XSS,
    options: [
      { label: XSS, correct: true },
      { label: 'b', correct: false },
    ],
  },
  interactive_select_multi: {
    question: XSS,
    options: [
      { label: XSS, correct: true },
      { label: 'b', correct: false },
    ],
  },
  interactive_upload: { question: XSS, accept: ['application/pdf'], maxSizeMb: 5 },
};

/** The inputs (by name) that show a violation when the empty content is saved as it is. */
export const EMPTY_INVALID: Record<ChapterPartType, string[]> = {
  text_markdown: ['content.markdown'],
  image: ['content.alt'],
  video_youtube: ['content.url'],
  video: [],
  file_downloadable: [],
  links: ['content.links.0.url'],
  url_iframe: ['content.url'],
  from_typeform: ['content.formId'],
  notes: ['content.text'],
  interactive_text: ['content.question'],
  interactive_long_text: ['content.question'],
  interactive_select: ['content.question', 'content.options.0.label', 'content.options.1.label'],
  interactive_select_multi: ['content.question', 'content.options.0.label', 'content.options.1.label'],
  interactive_upload: ['content.question'],
};
