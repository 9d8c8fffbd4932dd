import { checkChapterPartContent, isChapterPartType } from '../../../src/domain/chapterPartContent.ts';
import { chapterParts } from '../../../src/domain/contracts/chapterParts.ts';
import { declareResource } from '../declare.ts';

export const chapterPartsDeclaration = declareResource(chapterParts, {
  table: 'chapter_parts',
  siblingsOf: 'chapter',
  // The content's shape depends on the type: checked whenever either changes (API.md, content by type).
  check: {
    fields: ['type', 'content'],
    run(record, { uploadMaxMb }) {
      // A part may be created before its content is written; once given, the content must fit the type.
      if (!isChapterPartType(record.type) || record.content === undefined || record.content === null)
        return { violations: [] };
      const { violations, content, documents } = checkChapterPartContent(record.type, record.content, {
        maxUploadMb: uploadMaxMb,
      });
      return {
        violations,
        replace: { content },
        references: documents.map(({ propertyPath, id }) => ({ propertyPath, resource: 'documents', id })),
      };
    },
  },
});
