import type { ChapterPartType } from '../../../src/domain/chapterParts.ts';
import { must } from './bulk.ts';
import type { ChapterSpec, QuizSpec, ResourceBank } from './courseTypes.ts';

export interface PartDraft {
  type: ChapterPartType;
  title: string;
  content: Record<string, unknown>;
  required: boolean;
}

/**
 * The order in which chapters take their extra parts. A global cursor walks it across the whole catalogue,
 * skipping the types a course has no resource for, so every type turns up and neighbouring chapters differ.
 */
const SEQUENCE: ChapterPartType[] = [
  'image',
  'interactive_select',
  'video_youtube',
  'links',
  'interactive_text',
  'file_downloadable',
  'notes',
  'interactive_select_multi',
  'url_iframe',
  'video',
  'interactive_long_text',
  'from_typeform',
  'interactive_upload',
];

const BANK_OF: Record<Exclude<ChapterPartType, 'text_markdown'>, keyof ResourceBank> = {
  image: 'images',
  video_youtube: 'youtube',
  video: 'videos',
  file_downloadable: 'files',
  links: 'links',
  url_iframe: 'iframes',
  from_typeform: 'typeforms',
  notes: 'notes',
  interactive_text: 'open',
  interactive_long_text: 'long',
  interactive_select: 'quiz',
  interactive_select_multi: 'multi',
  interactive_upload: 'uploads',
};

export const documentIri = (id: number) => `/api/documents/${id}`;

function markdown(chapter: ChapterSpec): string {
  return [
    `## ${chapter.title}`,
    '',
    chapter.description,
    '',
    '### À retenir',
    '',
    ...chapter.points.map((point) => `- ${point}`),
    '',
  ].join('\n');
}

const choices = (quiz: QuizSpec) => ({
  question: quiz.question,
  options: quiz.options.map((label, index) => ({ label, correct: quiz.correct.includes(index) })),
});

export class PartPlanner {
  private cursor = 0;

  constructor(private readonly documents: ReadonlyMap<string, number>) {}

  /** The chapter's parts: a Markdown opening, then `extra` parts of different types drawn from the course's bank. */
  plan(chapter: ChapterSpec, bank: ResourceBank, extra: number, usage: Map<string, number>): PartDraft[] {
    const parts: PartDraft[] = [
      { type: 'text_markdown', title: 'L’essentiel', content: { markdown: markdown(chapter) }, required: false },
    ];
    if (chapter.types) {
      for (const type of chapter.types) {
        const turn = usage.get(type) ?? 0;
        usage.set(type, turn + 1);
        parts.push(this.build(type, bank, turn));
      }
      return parts;
    }
    for (let tries = 0; parts.length < 1 + extra && tries < SEQUENCE.length; tries++) {
      const type = SEQUENCE[this.cursor++ % SEQUENCE.length];
      const items = bank[BANK_OF[type as keyof typeof BANK_OF]] as unknown[] | undefined;
      if (!items?.length || parts.some((part) => part.type === type)) continue;
      const turn = usage.get(type) ?? 0;
      usage.set(type, turn + 1);
      parts.push(this.build(type, bank, turn));
    }
    return parts;
  }

  private build(type: ChapterPartType, bank: ResourceBank, turn: number): PartDraft {
    const nth = <T>(items: T[] | undefined): T => (items as T[])[turn % (items as T[]).length];
    const document = (key: string) => documentIri(must(this.documents, key));
    switch (type) {
      case 'image': {
        const image = nth(bank.images);
        return {
          type,
          title: image.title,
          content: { document: document(image.document), alt: image.alt },
          required: false,
        };
      }
      case 'video_youtube': {
        const video = nth(bank.youtube);
        return { type, title: video.title, content: { url: video.url }, required: false };
      }
      case 'video': {
        const video = nth(bank.videos);
        return { type, title: video.title, content: { url: video.url }, required: false };
      }
      case 'file_downloadable': {
        const file = nth(bank.files);
        return {
          type,
          title: file.title,
          content: { document: document(file.document), label: file.label },
          required: false,
        };
      }
      case 'links': {
        const links = bank.links ?? [];
        const count = Math.min(links.length, 2 + (turn % 2));
        const chosen = Array.from({ length: count }, (_, i) => links[(turn + i) % links.length]);
        return { type, title: 'Pour aller plus loin', content: { links: chosen }, required: false };
      }
      case 'url_iframe': {
        const frame = nth(bank.iframes);
        return { type, title: frame.title, content: { url: frame.url, height: frame.height }, required: false };
      }
      case 'from_typeform': {
        const { title, ...form } = nth(bank.typeforms);
        return { type, title, content: form, required: false };
      }
      case 'notes':
        return { type, title: 'Note pour l’animateur', content: { text: nth(bank.notes) }, required: false };
      case 'interactive_text':
        return {
          type,
          title: 'Question rapide',
          required: turn % 3 !== 2,
          content: { question: nth(bank.open), placeholder: 'Votre réponse en une ou deux phrases', maxLength: 280 },
        };
      case 'interactive_long_text':
        return {
          type,
          title: 'Exercice de rédaction',
          required: true,
          content: { question: nth(bank.long), placeholder: 'Développez votre réponse ici…', maxLength: 3000 },
        };
      case 'interactive_select':
        return { type, title: 'Quiz', content: choices(nth(bank.quiz)), required: true };
      case 'interactive_select_multi':
        return {
          type,
          title: 'Quiz : plusieurs réponses possibles',
          content: choices(nth(bank.multi)),
          required: true,
        };
      case 'interactive_upload':
        return { type, title: 'À vous de jouer', content: { ...nth(bank.uploads) }, required: true };
      default:
        throw new Error(`Demo seed: no builder for ${type}`);
    }
  }
}
