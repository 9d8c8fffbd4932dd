/** The types a chapter part may have: content parts, then interactive parts a learner answers. */
export const CONTENT_PART_TYPES = [
  'text_markdown',
  'image',
  'video_youtube',
  'video',
  'file_downloadable',
  'links',
  'url_iframe',
  'from_typeform',
  'notes',
] as const;
export const INTERACTIVE_PART_TYPES = [
  'interactive_text',
  'interactive_long_text',
  'interactive_select',
  'interactive_select_multi',
  'interactive_upload',
] as const;
export const CHAPTER_PART_TYPES = [...CONTENT_PART_TYPES, ...INTERACTIVE_PART_TYPES] as const;
export type ChapterPartType = (typeof CHAPTER_PART_TYPES)[number];

/** The question types whose options say which are correct: a learner is shown the options, never the flags. */
export const CHOICE_PART_TYPES = [
  'interactive_select',
  'interactive_select_multi',
] as const satisfies readonly (typeof INTERACTIVE_PART_TYPES)[number][];
