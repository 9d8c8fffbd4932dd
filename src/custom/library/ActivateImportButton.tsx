import { useState } from 'react';
import { Box, Button } from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/** On a processed version's row: makes it the active tree (the active one is kept, and can come back). */
export function ActivateImportButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'processed') return null;
  const activate = async () => {
    setBusy(true);
    try {
      await dataProvider.activateImport({ id: record.id });
      notify('app.library.xmind.activated', { type: 'success', messageArgs: { version: record.version } });
      refresh();
    } catch {
      notify('GenericError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        onClick={activate}
        aria-label={translate('app.library.xmind.activate_label', { version: record.version })}
      >
        {translate('app.library.xmind.activate')}
      </Button>
    </Box>
  );
}
