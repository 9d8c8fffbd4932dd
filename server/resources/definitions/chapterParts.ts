import { CHAPTER_PART_TYPES } from '../../../src/domain/chapterParts.ts';
import { checkChapterPartContent, isChapterPartType } from '../../../src/domain/chapterPartContent.ts';
import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const chapterParts: ResourceDeclaration = {
  name: 'chapter-parts',
  type: 'ChapterPart',
  table: 'chapter_parts',
  fields: {
    chapter: { type: { kind: 'relation', resource: 'chapters' }, required: true },
    type: { type: { kind: 'enum', values: CHAPTER_PART_TYPES }, required: true },
    position: { type: { kind: 'integer', min: 0 } },
    title: { type: { kind: 'string', maxLength: 255 } },
    content: { type: { kind: 'json' } },
    required: { type: { kind: 'boolean' } },
  },
  filters: ['chapter', 'type'],
  order: ['type', 'position', 'title', 'createdAt'],
  defaultOrder: [['position', 'asc']],
  access: rightsOf('chapter-parts'),
  siblingsOf: 'chapter',
  // The content's shape depends on the type: checked whenever either changes (API.md, content by type).
  check: {
    fields: ['type', 'content'],
    run(record, { uploadMaxMb }) {
      // A part may be created before its content is written; once given, the content must fit the type.
      if (!isChapterPartType(record.type) || record.content === undefined || record.content === null) return { violations: [] };
      const { violations, content, documents } = checkChapterPartContent(record.type, record.content, { maxUploadMb: uploadMaxMb });
      return {
        violations,
        replace: { content },
        references: documents.map(({ propertyPath, id }) => ({ propertyPath, resource: 'documents', id })),
      };
    },
  },
};
