import { describe, expect, it } from 'vitest';
import { checkChapterPartContent, youtubeIdOf } from '../../src/domain/chapterPartContent';

/** The pure content check the server and the part editors share. */
describe('youtubeIdOf', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=short', undefined],
    ['https://www.youtube.com.evil.fr/watch?v=dQw4w9WgXcQ', undefined],
    ['javascript:alert(1)//youtu.be/dQw4w9WgXcQ', undefined],
    ['pas une adresse', undefined],
  ])('%s -> %s', (url, id) => {
    expect(youtubeIdOf(url)).toBe(id);
  });
});

describe('checkChapterPartContent', () => {
  it('answers the content to store, with what it derives, and the documents to look up', () => {
    expect(checkChapterPartContent('video_youtube', { url: 'https://youtu.be/dQw4w9WgXcQ' })).toEqual({
      violations: [],
      content: { url: 'https://youtu.be/dQw4w9WgXcQ', videoId: 'dQw4w9WgXcQ' },
      documents: [],
    });
    expect(checkChapterPartContent('image', { document: '/api/documents/7', alt: 'x' }).documents).toEqual([
      { propertyPath: 'content.document', id: 7 },
    ]);
  });

  it('does not let a client set the derived id itself', () => {
    const check = checkChapterPartContent('video_youtube', {
      url: 'https://youtu.be/dQw4w9WgXcQ',
      videoId: 'autre-video',
    });
    expect(check.content.videoId).toBe('dQw4w9WgXcQ');
  });

  it('refuses content that is not an object', () => {
    for (const content of [null, 'texte', [1], 3])
      expect(checkChapterPartContent('notes', content).violations).toEqual([
        expect.objectContaining({ propertyPath: 'content' }),
      ]);
  });

  it('bounds an upload part by the server limit it is given', () => {
    const content = { question: 'Q', accept: ['application/pdf'], maxSizeMb: 30 };
    expect(checkChapterPartContent('interactive_upload', content, { maxUploadMb: 50 }).violations).toEqual([]);
    expect(checkChapterPartContent('interactive_upload', content, { maxUploadMb: 20 }).violations).toEqual([
      expect.objectContaining({ propertyPath: 'content.maxSizeMb', code: 'range' }),
    ]);
  });

  it('reports every problem at once, each on its own path', () => {
    const { violations } = checkChapterPartContent('interactive_select', {
      question: '',
      options: [{ label: 'A', correct: true, score: 3 }, { label: 'B' }],
      extra: true,
    });
    expect(violations.map((violation) => `${violation.propertyPath}:${violation.code}`).sort()).toEqual([
      'content.extra:unexpected',
      'content.options[0].score:unexpected',
      'content.options[1].correct:type',
      'content.question:blank',
    ]);
  });
});
