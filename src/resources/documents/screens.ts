import type { ScreensConfig } from '../../custom/crud/fieldSpec';
import { DocumentRowActions } from '../../custom/library/DocumentRowActions';
import { DocumentSizeField } from '../../custom/library/DocumentSizeField';
import { DocumentUploader } from '../../custom/library/DocumentUploader';

/** The documents: upload above the list, sizes as people read them, preview and download on each row. */
export const config: ScreensConfig = {
  fields: [
    { source: 'name', kind: 'text', maxLength: 255, column: true, sortable: true },
    { source: 'mimeType', kind: 'text', column: true, sortable: true, filter: true, readOnly: true },
    { source: 'size', kind: 'number', column: true, sortable: true, readOnly: true, render: DocumentSizeField },
    { source: 'context', kind: 'text', maxLength: 50, sortable: true, filter: true },
    { source: 'owner', kind: 'summary', reference: 'users', column: true, readOnly: true },
    { source: 'createdAt', kind: 'date', column: true, sortable: true, readOnly: true },
  ],
  search: true,
  edit: true,
  delete: true,
  confirmDelete: true,
  listHeader: DocumentUploader,
  rowActions: DocumentRowActions,
};
