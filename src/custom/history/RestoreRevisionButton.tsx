import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button } from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import {
  Confirm,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
  useTranslateLabel,
  type Identifier,
} from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { restoreRefusal, type RestoreRefusal } from './restoreErrors';
import './messages';

interface RestoreRevisionButtonProps {
  resource: string;
  id: Identifier;
  /** The change whose result comes back. */
  change: Identifier;
  /** The record's version as shown: a restore over a newer one is refused (409 stale). */
  updatedAt?: string | null;
  /** When the change was made, in words, for the confirmation. */
  when: string;
}

/**
 * "Restaurer cette version": confirmed, then the record is put back as this change left it (one write, which
 * the history then shows); the record and its history are read again. A refusal says why in French.
 */
export function RestoreRevisionButton({ resource, id, change, updatedAt, when }: RestoreRevisionButtonProps) {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<RestoreRefusal>();
  const restore = useMutation({
    mutationFn: () => dataProvider.restoreRevision(resource, { id, change, updatedAt }),
    onSuccess: () => {
      setRefusal(undefined);
      notify('app.history.restored', { type: 'success' });
      refresh();
    },
    onError: (error) => {
      const refused = restoreRefusal(error, translate, (field) => String(translateLabel({ source: field, resource })));
      setRefusal(refused);
      notify(refused.message, { type: 'error', messageArgs: { _: refused.message } });
      // The record changed meanwhile: what is shown is read again, so a second try starts from it.
      if ((error as { status?: number } | null)?.status === 409) refresh();
    },
  });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
      <Button size="small" startIcon={<RestoreIcon />} onClick={() => setConfirming(true)} disabled={restore.isPending}>
        {translate('app.history.restore')}
      </Button>
      {refusal && refusal.reasons.length > 0 && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {refusal.message}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {refusal.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Confirm
        isOpen={confirming}
        loading={restore.isPending}
        title="app.history.confirm_title"
        content="app.history.confirm_content"
        translateOptions={{ when }}
        confirm="app.history.restore"
        onConfirm={() => {
          setConfirming(false);
          restore.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
