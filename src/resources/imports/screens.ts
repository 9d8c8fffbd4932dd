import { screensOf } from '../../custom/crud/screensOf';
import { imports } from '../../domain/contracts';
import { ActivateImportButton } from '../../custom/library/ActivateImportButton';
import { ImportSummaryField } from '../../custom/library/ImportSummaryField';
import { XmindImporter } from '../../custom/library/XmindImporter';

/** The versions of the knowledge base: import a map above the list, activate a version from its row. */
export const config = screensOf(imports, {
  fields: [
    { source: 'filename', column: true },
    { source: 'status', column: true, filter: 'alwaysOn' },
    { source: 'version', column: true },
    { source: 'rootFolder' },
    { source: 'summary', column: true, render: ImportSummaryField },
    { source: 'error' },
    { source: 'activatedAt', column: true },
    { source: 'createdAt', column: true },
  ],
  confirmDelete: true,
  listHeader: XmindImporter,
  rowActions: ActivateImportButton,
});
