import { screensOf } from '../../custom/crud/screensOf';
import { documents } from '../../domain/contracts';
import { DocumentRowActions } from '../../custom/library/DocumentRowActions';
import { DocumentSizeField } from '../../custom/library/DocumentSizeField';
import { DocumentTypeField } from '../../custom/library/fileTypeLabel';
import { DocumentUploader } from '../../custom/library/DocumentUploader';

/** The documents: upload above the list, types and sizes as people read them, preview and download on each row. */
export const config = screensOf(documents, {
  fields: [
    { source: 'name', column: true },
    { source: 'mimeType', column: true, filter: true, render: DocumentTypeField },
    { source: 'size', column: true, render: DocumentSizeField },
    { source: 'context', filter: true },
    { source: 'owner', column: true },
    { source: 'createdAt', column: true },
  ],
  confirmDelete: true,
  listHeader: DocumentUploader,
  rowActions: DocumentRowActions,
});
