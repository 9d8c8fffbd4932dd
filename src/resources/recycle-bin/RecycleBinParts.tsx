import { useState } from 'react';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Box, Link as MuiLink, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  Button,
  Confirm,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { mayEraseForGood } from '../../domain/recycleBin';
import { idOfIri } from '../../domain/relations';
import type { AppDataProvider } from '../../providers/dataProvider';
import { sessionStore } from '../../providers/sessionStore';

interface BinItem extends RaRecord {
  resource: string;
  label: string;
  contents: Record<string, number> | null;
}

const mayErase = () => mayEraseForGood(sessionStore.getRoles());

/** What the item came with, as people say it: "3 modules, 12 chapitres". */
export function BinContentsField() {
  const record = useRecordContext<BinItem>();
  const translate = useTranslate();
  const entries = Object.entries(record?.contents ?? {}).filter(([, count]) => count > 0);
  if (entries.length === 0) return <span>—</span>;
  return (
    <span>
      {entries
        .map(
          ([resource, count]) =>
            `${count} ${translate(`resources.${resource}.name`, { smart_count: count, _: resource }).toLocaleLowerCase()}`,
        )
        .join(', ')}
    </span>
  );
}

/** The bin without any item. */
export function BinEmpty() {
  const translate = useTranslate();
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 6, color: 'text.secondary' }}
    >
      <RestoreFromTrashIcon sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h6" component="p">
        {translate('app.recycle_bin.empty')}
      </Typography>
      <Typography variant="body2">{translate('app.recycle_bin.empty_hint')}</Typography>
    </Box>
  );
}

/** Every change of the bin shows everywhere: the restored record in its lists, its course's outline... */
function useAfterBinChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** The snack after a restore: what came back, with a link to it. */
function Restored({ resource, id, label }: { resource: string; id: string; label: string }) {
  const translate = useTranslate();
  return (
    <span>
      {translate('app.recycle_bin.restored', { label })}{' '}
      <MuiLink component={Link} to={`/${resource}/${id}/show`} color="inherit" underline="always">
        {translate('app.recycle_bin.open')}
      </MuiLink>
    </span>
  );
}

/** "Restaurer" on each row, and for administrators "Supprimer définitivement", confirmed. */
export function BinRowActions() {
  const record = useRecordContext<BinItem>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const changed = useAfterBinChange();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  const failed = (error: unknown) =>
    notify(error instanceof Error && error.message ? error.message : 'GenericError', { type: 'error' });

  const restore = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.restoreBinned({ id: record.id });
      notify(<Restored resource={data.resource} id={String(idOfIri(data.record))} label={record.label} />, {
        type: 'success',
      });
      await changed();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const erase = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await dataProvider.eraseBinned({ id: record.id });
      notify('app.recycle_bin.erased', { type: 'success', messageArgs: { label: record.label } });
      await changed();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      <Button
        label="app.recycle_bin.restore"
        onClick={(event) => {
          event.stopPropagation();
          void restore();
        }}
        disabled={busy}
        aria-label={translate('app.recycle_bin.restore_item', { label: record.label })}
      >
        <RestoreFromTrashIcon />
      </Button>
      {mayErase() && (
        <>
          <Button
            label="app.recycle_bin.erase"
            color="error"
            onClick={(event) => {
              event.stopPropagation();
              setConfirming(true);
            }}
            disabled={busy}
            aria-label={translate('app.recycle_bin.erase_item', { label: record.label })}
          >
            <DeleteForeverIcon />
          </Button>
          <Confirm
            isOpen={confirming}
            title="app.recycle_bin.erase_title"
            content="app.recycle_bin.erase_content"
            translateOptions={{ label: record.label }}
            confirm="app.recycle_bin.erase"
            confirmColor="warning"
            onConfirm={() => void erase()}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </Box>
  );
}

/** Above the list: how long items stay, and "Vider la corbeille" for administrators, confirmed. */
export function BinHeader() {
  const { total, isPending } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const changed = useAfterBinChange();
  const [confirming, setConfirming] = useState(false);
  if (isPending || !total || !mayErase()) return null;
  const empty = async () => {
    setConfirming(false);
    try {
      await dataProvider.emptyBin();
      notify('app.recycle_bin.emptied', { type: 'success' });
      await changed();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'GenericError', { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, pt: 1 }}>
      <Button label="app.recycle_bin.empty_bin" color="error" variant="outlined" onClick={() => setConfirming(true)}>
        <DeleteForeverIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="app.recycle_bin.empty_title"
        content={translate('app.recycle_bin.empty_content', { smart_count: total })}
        confirm="app.recycle_bin.empty_bin"
        confirmColor="warning"
        onConfirm={() => void empty()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
