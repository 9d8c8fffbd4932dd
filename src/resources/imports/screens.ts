import type { ScreensConfig } from '../../custom/crud/fieldSpec';
import { ActivateImportButton } from '../../custom/library/ActivateImportButton';
import { ImportSummaryField } from '../../custom/library/ImportSummaryField';
import { XmindImporter } from '../../custom/library/XmindImporter';

/** The versions of the knowledge base: import a map above the list, activate a version from its row. */
export const config: ScreensConfig = {
  fields: [
    { source: 'filename', kind: 'text', column: true, sortable: true, readOnly: true },
    { source: 'status', kind: 'enum', choices: ['processed', 'failed', 'active'], choiceGroup: 'importStatus', column: true, sortable: true, filter: 'alwaysOn', readOnly: true },
    { source: 'version', kind: 'number', column: true, sortable: true, readOnly: true },
    { source: 'rootFolder', kind: 'reference', reference: 'folders', readOnly: true },
    { source: 'summary', kind: 'json', column: true, readOnly: true, render: ImportSummaryField },
    { source: 'error', kind: 'longText', readOnly: true },
    { source: 'activatedAt', kind: 'date', column: true, sortable: true, readOnly: true },
    { source: 'createdAt', kind: 'date', column: true, sortable: true, readOnly: true },
  ],
  delete: true,
  confirmDelete: true,
  listHeader: XmindImporter,
  rowActions: ActivateImportButton,
};
