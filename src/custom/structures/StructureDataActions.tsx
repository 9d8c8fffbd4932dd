import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Confirm,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * On a structure's page, for platform staff only: its data whole as a ZIP (`GET /api/companies/{id}/export`,
 * which `npm run structure:import` loads into another platform), and its deletion for good, confirmed first:
 * its people, their sessions, its content and its files go (`DELETE /api/companies/{id}`).
 */
export function StructureDataActions() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<AppDataProvider>();
  const record = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!record || !Array.isArray(permissions) || !permissions.includes('ROLE_SUPER_ADMIN')) return null;
  const name = String(record.name ?? '');
  const failed = (error: unknown) =>
    notify(error instanceof Error && error.message ? error.message : 'GenericError', { type: 'error' });
  const exportData = async () => {
    setBusy(true);
    try {
      await dataProvider.exportStructure(record.id);
      notify('app.structure_data.export.done', { type: 'info' });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await dataProvider.delete('companies', { id: record.id, previousData: record });
      notify('app.structure_data.delete.done', { type: 'info', messageArgs: { name } });
      redirect('list', 'companies');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void exportData()}>
        {translate('app.structure_data.export.button')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteForeverIcon />}
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        {translate('app.structure_data.delete.button')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="app.structure_data.delete.title"
        content="app.structure_data.delete.content"
        translateOptions={{ name }}
        confirm="app.structure_data.delete.confirm"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
