import { useState } from 'react';
import { Box, Button } from '@mui/material';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * On a processed version's row: makes it the active tree (the active one is kept, and can come back).
 * Asked first: the active version's folders leave the tree with it, folders made there by hand included.
 */
export function ActivateImportButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
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
      setAsking(false);
    }
  };
  return (
    <Box onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        onClick={() => setAsking(true)}
        aria-label={translate('app.library.xmind.activate_label', { version: record.version })}
      >
        {translate('app.library.xmind.activate')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="app.library.xmind.activate_title"
        content="app.library.xmind.activate_content"
        confirm="app.library.xmind.activate"
        confirmColor="warning"
        translateOptions={{ version: record.version }}
        onClose={() => setAsking(false)}
        onConfirm={activate}
      />
    </Box>
  );
}
