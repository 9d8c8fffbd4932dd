import type { ChapterPartType } from './chapterParts';
import { Checker, MAX_TEXT_LENGTH, PART_CONTENT_RULES } from './chapterPartContent';

/**
 * What each part type's content may hold, read from the content rules themselves: every rule is run once
 * against a recorder that notes each key it asks for (its kind, whether required, its bounds) instead of
 * checking a value. The JSON Schema of the course format and the places where a content names a document
 * follow from it, so a new part type or a changed rule needs no second description.
 */

export type ContentKeyShape =
  | { kind: 'text'; required: boolean; max: number }
  | { kind: 'url'; required: boolean; httpsOnly: boolean }
  | { kind: 'integer'; required: boolean; min: number; max: number }
  | { kind: 'document'; required: boolean }
  | { kind: 'options'; correct: 'exactly_one' | 'at_least_one' }
  /** A key the rule checks by hand (a list of links, of MIME types) or derives (a video's id). */
  | { kind: 'other' };

export interface PartContentShape {
  keys: Record<string, ContentKeyShape>;
  /** Groups of keys of which exactly one is given (a video's `document` or `url`). */
  exclusive: string[][];
}

class Recorder extends Checker {
  readonly keys: Record<string, ContentKeyShape> = {};
  readonly exclusive: string[][] = [];
  private optional = false;

  constructor(maxUploadMb: number) {
    super({}, maxUploadMb);
  }

  private note(key: string, shape: ContentKeyShape): void {
    this.allowed.add(key);
    this.keys[key] = this.optional && 'required' in shape ? ({ ...shape, required: false } as ContentKeyShape) : shape;
  }

  override fail(): void {}

  override text(key: string, { required = false, max = MAX_TEXT_LENGTH } = {}): undefined {
    this.note(key, { kind: 'text', required, max });
    return undefined;
  }

  override url(key: string, { required = false, httpsOnly = false } = {}): undefined {
    this.note(key, { kind: 'url', required, httpsOnly });
    return undefined;
  }

  override integer(key: string, { required = false, min = 1, max = Number.MAX_SAFE_INTEGER } = {}): undefined {
    this.note(key, { kind: 'integer', required, min, max });
    return undefined;
  }

  override document(key: string, { required = false } = {}): void {
    this.note(key, { kind: 'document', required });
  }

  override oneOf(keys: readonly string[], rules: Record<string, () => void>): void {
    this.exclusive.push([...keys]);
    this.optional = true;
    for (const key of keys) rules[key]();
    this.optional = false;
  }

  override options(correct: 'exactly_one' | 'at_least_one'): void {
    this.note('options', { kind: 'options', correct });
  }
}

/** The shape of a part type's content; `maxUploadMb` bounds what an upload question may ask for. */
export function partContentShape(type: ChapterPartType, maxUploadMb = 50): PartContentShape {
  const recorder = new Recorder(maxUploadMb);
  // A type the domain no longer declares (a row older than a removed type) holds nothing known.
  PART_CONTENT_RULES[type]?.(recorder);
  for (const key of recorder.allowed) if (!recorder.keys[key]) recorder.keys[key] = { kind: 'other' };
  return { keys: recorder.keys, exclusive: recorder.exclusive };
}

const documentKeys = new Map<ChapterPartType, readonly string[]>();

/** The content keys of a part type that name a document (read once a type, when first asked for). */
export function documentKeysOf(type: ChapterPartType): readonly string[] {
  let keys = documentKeys.get(type);
  if (!keys) {
    keys = Object.entries(partContentShape(type).keys)
      .filter(([, shape]) => shape.kind === 'document')
      .map(([key]) => key);
    documentKeys.set(type, keys);
  }
  return keys;
}
