import type { ChapterPartType } from '../../domain/chapterParts';
import { isChapterPartType } from '../../domain/chapterPartContent';
import './messages';
import { fileDownloadable } from './file_downloadable';
import { fromTypeform } from './from_typeform';
import { image } from './image';
import { interactiveLongText } from './interactive_long_text';
import { interactiveSelect } from './interactive_select';
import { interactiveSelectMulti } from './interactive_select_multi';
import { interactiveText } from './interactive_text';
import { interactiveUpload } from './interactive_upload';
import { links } from './links';
import { notes } from './notes';
import { textMarkdown } from './text_markdown';
import { urlIframe } from './url_iframe';
import { video } from './video';
import { videoYoutube } from './video_youtube';
import type { PartTypeDefinition } from './types';

/**
 * Every chapter-part type: its editor, preview, empty content, icon. A type has one folder beside this file
 * and one line here, once it is in src/domain (the type checker asks for the line); docs/ARCHITECTURE.md,
 * "Adding a part type", lists every place.
 */
export const PART_TYPES: Readonly<Record<ChapterPartType, PartTypeDefinition>> = {
  text_markdown: textMarkdown,
  image,
  video_youtube: videoYoutube,
  video,
  file_downloadable: fileDownloadable,
  links,
  url_iframe: urlIframe,
  from_typeform: fromTypeform,
  notes,
  interactive_text: interactiveText,
  interactive_long_text: interactiveLongText,
  interactive_select: interactiveSelect,
  interactive_select_multi: interactiveSelectMulti,
  interactive_upload: interactiveUpload,
};

/** The definition of a part's type, or undefined for a type this back-office does not know. */
export const partTypeOf = (type: unknown): PartTypeDefinition | undefined =>
  isChapterPartType(type) ? PART_TYPES[type] : undefined;

export { partTypeLabel } from './partTypeLook';

/** The type a new part starts as, the commonest: Markdown text. The author changes it before anything else. */
export const NEW_PART_TYPE: ChapterPartType = 'text_markdown';

/** A new part's values, wherever one is created: the starting type with its empty content, not required. */
export const newPartValues = () => ({
  type: NEW_PART_TYPE,
  required: false,
  content: PART_TYPES[NEW_PART_TYPE].empty(),
});
