import { useState } from 'react';
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { isCsvImportResource } from '../../domain/csvImport';
import { sessionAllows } from '../../providers/authProvider';
import type { ScreensConfig } from '../crud/fieldSpec';
import { lazyComponent } from '../lazyComponent';

// The dialog, Papa Parse with it, loads when it is first opened.
const CsvImportDialog = lazyComponent(() => import('./CsvImportDialog').then((module) => module.CsvImportDialog));

/** "Importer" in a list's toolbar, for the resources a CSV file can fill and a session that may create them. */
export function CsvImportButton({ config }: { config: ScreensConfig }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { resource } = config;
  if (!isCsvImportResource(resource) || !sessionAllows(resource, 'create')) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<UploadFileIcon />}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void CsvImportDialog.preload()}
      >
        {translate('app.csv_import.button')}
      </Button>
      {open && <CsvImportDialog config={config} resource={resource} onClose={() => setOpen(false)} />}
    </>
  );
}
