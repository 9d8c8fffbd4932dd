import { useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from 'react-admin';
import { isCsvImportResource } from '../../domain/csvImport';
import { sessionAllows } from '../../providers/authProvider';
import type { ScreensConfig } from '../crud/fieldSpec';
import { lazyComponent } from '../lazyComponent';

// The dialog, Papa Parse with it, loads when it is first opened.
const CsvImportDialog = lazyComponent(() => import('./CsvImportDialog').then((module) => module.CsvImportDialog));

/** "Importer" in a list's toolbar, for the resources a CSV file can fill and a session that may create them. */
export function CsvImportButton({ config }: { config: ScreensConfig }) {
  const [open, setOpen] = useState(false);
  const { resource } = config;
  if (!isCsvImportResource(resource) || !sessionAllows(resource, 'create')) return null;
  return (
    <>
      {/* react-admin's button: an icon with its name as a tooltip on a phone, where the toolbar is narrow. */}
      <Button
        label="app.csv_import.button"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void CsvImportDialog.preload()}
      >
        <UploadFileIcon />
      </Button>
      {open && <CsvImportDialog config={config} resource={resource} onClose={() => setOpen(false)} />}
    </>
  );
}
