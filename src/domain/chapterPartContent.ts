import { CHAPTER_PART_TYPES, type CHOICE_PART_TYPES, type ChapterPartType } from './chapterParts';

/**
 * What a chapter part's `content` holds for each type (API.md, "Chapter-part content by type"), checked
 * the same way by the server (422 on the precise field) and by the part editors (before sending).
 * Pure: no Node, no DOM.
 */

export interface ContentViolation {
  /** From the part, e.g. `content.url`, `content.options`, `content.links[1].url`. */
  propertyPath: string;
  /** A stable code the back-office translates under `app.validation.<code>`. */
  code: string;
  message: string;
}

export interface ContentCheck {
  violations: ContentViolation[];
  /** The content to store: what was sent, plus what the server derives (a YouTube video's id). */
  content: Record<string, unknown>;
  /** Document references to check for existence: the id, and where it was given. */
  documents: { propertyPath: string; id: number }[];
}

/** The largest iframe height accepted, in pixels: taller than any screen, short of absurd. */
export const MAX_IFRAME_HEIGHT = 4000;
export const MAX_TEXT_LENGTH = 100_000;
export const MAX_SHORT_LENGTH = 1000;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/** The video id of a YouTube address (watch?v=, youtu.be/, /embed/, /shorts/, /live/), or undefined. */
export function youtubeIdOf(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  let candidate: string | undefined;
  if (host === 'youtu.be') candidate = url.pathname.split('/')[1];
  else if (YOUTUBE_HOSTS.has(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') candidate = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v'].includes(first)) candidate = second;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : undefined;
}

function httpUrl(value: string, httpsOnly: boolean): boolean {
  try {
    const url = new URL(value);
    return httpsOnly ? url.protocol === 'https:' : url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A document reference as the API takes it: an IRI `/api/documents/3` or a bare id. */
export function documentIdOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string') {
    const match = /^(?:\/api\/documents\/)?(\d{1,9})$/.exec(value);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** How one part type's content is checked: the checker records violations and what to store. */
export type PartContentRule = (check: Checker) => void;

export class Checker {
  readonly violations: ContentViolation[] = [];
  readonly documents: { propertyPath: string; id: number }[] = [];
  readonly allowed = new Set<string>();

  constructor(
    readonly content: Record<string, unknown>,
    readonly maxUploadMb: number,
  ) {}

  fail(path: string, code: string, message: string): void {
    this.violations.push({ propertyPath: `content${path}`, code, message });
  }

  private take(key: string): unknown {
    this.allowed.add(key);
    return this.content[key];
  }

  text(key: string, { required = false, max = MAX_TEXT_LENGTH } = {}): string | undefined {
    const value = this.take(key);
    if (value === undefined || value === null || value === '') {
      if (required) this.fail(`.${key}`, 'blank', 'This value should not be blank.');
      return undefined;
    }
    if (typeof value !== 'string') return void this.fail(`.${key}`, 'type', 'This value should be of type string.');
    if (required && value.trim() === '') return void this.fail(`.${key}`, 'blank', 'This value should not be blank.');
    if (value.length > max)
      return void this.fail(`.${key}`, 'length', `This value is too long. It should have ${max} characters or less.`);
    return value;
  }

  url(key: string, { required = false, httpsOnly = false } = {}): string | undefined {
    const value = this.text(key, { required, max: 2048 });
    if (value === undefined) return undefined;
    if (!httpUrl(value, httpsOnly))
      return void this.fail(
        `.${key}`,
        httpsOnly ? 'https' : 'url',
        httpsOnly ? 'Only https addresses are accepted.' : 'This value is not a valid URL.',
      );
    return value;
  }

  integer(key: string, { required = false, min = 1, max = Number.MAX_SAFE_INTEGER } = {}): number | undefined {
    const value = this.take(key);
    if (value === undefined || value === null) {
      if (required) this.fail(`.${key}`, 'blank', 'This value should not be blank.');
      return undefined;
    }
    if (typeof value !== 'number' || !Number.isInteger(value))
      return void this.fail(`.${key}`, 'type', 'This value should be an integer.');
    if (value < min || value > max)
      return void this.fail(`.${key}`, 'range', `This value should be between ${min} and ${max}.`);
    return value;
  }

  document(key: string, { required = false } = {}): void {
    const value = this.take(key);
    if (value === undefined || value === null || value === '') {
      if (required) this.fail(`.${key}`, 'blank', 'This value should not be blank.');
      return;
    }
    const id = documentIdOf(value);
    if (id === undefined) return void this.fail(`.${key}`, 'reference', 'Expected an IRI or an id of documents.');
    this.documents.push({ propertyPath: `content.${key}`, id });
  }

  /** Exactly one of the keys given (e.g. a video's `document` or `url`). */
  oneOf(keys: readonly string[], rules: Record<string, () => void>): void {
    const given = keys.filter(
      (key) => this.content[key] !== undefined && this.content[key] !== null && this.content[key] !== '',
    );
    for (const key of keys) this.allowed.add(key);
    if (given.length !== 1) {
      const message = `Give exactly one of: ${keys.join(', ')}.`;
      return this.fail(`.${keys[0]}`, given.length === 0 ? 'blank' : 'exclusive', message);
    }
    rules[given[0]]();
  }

  question(): void {
    this.text('question', { required: true, max: MAX_SHORT_LENGTH });
  }

  options(correct: CorrectOptions): void {
    const value = this.take('options');
    if (!Array.isArray(value))
      return this.fail('.options', value === undefined ? 'blank' : 'type', 'This value should be a list of options.');
    if (value.length < 2) return this.fail('.options', 'count', 'There should be at least 2 options.');
    if (value.length > 50) return this.fail('.options', 'count', 'There should be 50 options or less.');
    let valid = true;
    value.forEach((option, index) => {
      const at = `.options[${index}]`;
      if (!option || typeof option !== 'object' || Array.isArray(option)) {
        valid = false;
        return this.fail(at, 'type', 'Each option should be an object {label, correct}.');
      }
      const { label, correct: isCorrect, ...rest } = option as Record<string, unknown>;
      for (const extra of Object.keys(rest)) {
        valid = false;
        this.fail(`${at}.${extra}`, 'unexpected', 'This field was not expected.');
      }
      if (typeof label !== 'string' || label.trim() === '') {
        valid = false;
        this.fail(`${at}.label`, 'blank', 'This value should not be blank.');
      } else if (label.length > MAX_SHORT_LENGTH) {
        valid = false;
        this.fail(
          `${at}.label`,
          'length',
          `This value is too long. It should have ${MAX_SHORT_LENGTH} characters or less.`,
        );
      }
      if (typeof isCorrect !== 'boolean') {
        valid = false;
        this.fail(`${at}.correct`, 'type', 'This value should be of type boolean.');
      }
    });
    if (!valid) return;
    const correctCount = value.filter((option) => (option as { correct: boolean }).correct).length;
    if (correct === 'exactly_one' && correctCount !== 1)
      this.fail('.options', 'one_correct', 'Exactly one option should be correct.');
    if (correct === 'at_least_one' && correctCount < 1)
      this.fail('.options', 'some_correct', 'At least one option should be correct.');
  }
}

/** How many options of a choice part may be right: the check applies it, the editor behaves by it. */
export type CorrectOptions = 'exactly_one' | 'at_least_one';
export const CORRECT_OPTIONS: Readonly<Record<(typeof CHOICE_PART_TYPES)[number], CorrectOptions>> = {
  interactive_select: 'exactly_one',
  interactive_select_multi: 'at_least_one',
};

/**
 * Every part type's content rule: a new type in src/domain/chapterParts.ts gets its line here (the type
 * checker asks for it), which the server and the part editors both apply.
 */
export const PART_CONTENT_RULES: Record<ChapterPartType, PartContentRule> = {
  text_markdown: (c) => void c.text('markdown', { required: true }),
  image: (c) => {
    c.document('document', { required: true });
    // Required: a screen reader has nothing else to say of an image.
    c.text('alt', { required: true, max: MAX_SHORT_LENGTH });
  },
  video_youtube: (c) => {
    c.allowed.add('videoId');
    const url = c.url('url', { required: true });
    if (url === undefined) return;
    const videoId = youtubeIdOf(url);
    if (videoId) c.content.videoId = videoId;
    else c.fail('.url', 'youtube', 'This address is not a YouTube video.');
  },
  video: (c) => c.oneOf(['document', 'url'], { document: () => c.document('document'), url: () => void c.url('url') }),
  file_downloadable: (c) => {
    c.document('document', { required: true });
    c.text('label', { max: MAX_SHORT_LENGTH });
  },
  links: (c) => {
    c.allowed.add('links');
    const links = c.content.links;
    if (!Array.isArray(links) || links.length === 0)
      return c.fail(
        '.links',
        links === undefined || Array.isArray(links) ? 'blank' : 'type',
        'This value should be a list of links.',
      );
    if (links.length > 100) return c.fail('.links', 'count', 'There should be 100 links or less.');
    links.forEach((link, index) => {
      const at = `.links[${index}]`;
      if (!link || typeof link !== 'object' || Array.isArray(link))
        return c.fail(at, 'type', 'Each link should be an object {label, url}.');
      const { label, url, ...rest } = link as Record<string, unknown>;
      for (const extra of Object.keys(rest)) c.fail(`${at}.${extra}`, 'unexpected', 'This field was not expected.');
      if (label !== undefined && label !== null && (typeof label !== 'string' || label.length > MAX_SHORT_LENGTH))
        c.fail(`${at}.label`, 'type', 'This value should be a short text.');
      if (typeof url !== 'string' || url.trim() === '') c.fail(`${at}.url`, 'blank', 'This value should not be blank.');
      else if (!httpUrl(url, false)) c.fail(`${at}.url`, 'url', 'This value is not a valid URL.');
    });
  },
  url_iframe: (c) => {
    c.url('url', { required: true, httpsOnly: true });
    c.integer('height', { min: 50, max: MAX_IFRAME_HEIGHT });
  },
  from_typeform: (c) =>
    c.oneOf(['formId', 'url'], {
      formId: () => {
        const formId = c.text('formId', { max: 64 });
        if (formId !== undefined && !/^[A-Za-z0-9]+$/.test(formId))
          c.fail('.formId', 'format', 'A Typeform id is made of letters and digits.');
      },
      url: () => void c.url('url', { httpsOnly: true }),
    }),
  notes: (c) => void c.text('text', { required: true }),
  interactive_text: (c) => interactiveText(c, MAX_SHORT_LENGTH),
  interactive_long_text: (c) => interactiveText(c, MAX_TEXT_LENGTH),
  interactive_select: (c) => {
    c.question();
    c.options(CORRECT_OPTIONS.interactive_select);
  },
  interactive_select_multi: (c) => {
    c.question();
    c.options(CORRECT_OPTIONS.interactive_select_multi);
  },
  interactive_upload: (c) => {
    c.question();
    c.allowed.add('accept');
    const accept = c.content.accept;
    if (!Array.isArray(accept) || accept.length === 0)
      c.fail('.accept', 'blank', 'Give at least one accepted file type.');
    else
      accept.forEach((type, index) => {
        if (typeof type !== 'string' || !/^[a-z]+\/([a-z0-9.+-]+|\*)$/i.test(type))
          c.fail(`.accept[${index}]`, 'format', 'This value is not a MIME type.');
      });
    c.integer('maxSizeMb', { required: true, min: 1, max: c.maxUploadMb });
  },
};

function interactiveText(c: Checker, limit: number): void {
  c.question();
  c.text('placeholder', { max: MAX_SHORT_LENGTH });
  c.integer('maxLength', { min: 1, max: limit });
}

export function isChapterPartType(value: unknown): value is ChapterPartType {
  return typeof value === 'string' && (CHAPTER_PART_TYPES as readonly string[]).includes(value);
}

/**
 * Checks `content` against its part `type`. `maxUploadMb` is the server's own upload limit (UPLOAD_MAX_MB):
 * a part may not ask learners for larger files than the server takes.
 */
export function checkChapterPartContent(
  type: ChapterPartType,
  content: unknown,
  { maxUploadMb = 50 } = {},
): ContentCheck {
  if (!content || typeof content !== 'object' || Array.isArray(content))
    return {
      violations: [
        {
          propertyPath: 'content',
          code: content == null ? 'blank' : 'type',
          message: 'The content should be an object.',
        },
      ],
      content: {},
      documents: [],
    };
  const checker = new Checker({ ...(content as Record<string, unknown>) }, maxUploadMb);
  PART_CONTENT_RULES[type](checker);
  for (const key of Object.keys(checker.content))
    if (!checker.allowed.has(key)) checker.fail(`.${key}`, 'unexpected', `This field is not part of a ${type} part.`);
  return { violations: checker.violations, content: checker.content, documents: checker.documents };
}
