import { useState } from 'react';
import { Alert, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import ArchiveIcon from '@mui/icons-material/Archive';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { PersonalDataRequest, PersonalDataRequestStatus } from '../../domain/personalData';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import { useFormatDateTime } from '../tickets/useFormatDateTime';

const STATUS_COLOR: Record<PersonalDataRequestStatus, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  scheduled: 'info',
  running: 'info',
  done: 'success',
  canceled: 'default',
  failed: 'error',
};

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} Ko` : `${(bytes / 1024 / 1024).toFixed(1)} Mo`;

/**
 * "Données personnelles" on a user's page, for their structure's administrators and platform staff: the
 * person's requests (GDPR access, portability and erasure) with their legal deadline, an export made at
 * once and saved as a ZIP, and an erasure that waits out its cool-off, during which it may be called off.
 */
export function PersonalDataRequests({ userId, self }: { userId: Identifier; self: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const formatDateTime = useFormatDateTime();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const key = ['personal-data-requests', String(userId)];
  const { data, isPending, error } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => dataProvider.getPersonalDataRequests(userId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const failed = (cause: unknown) => notify((cause as Error).message || 'GenericError', { type: 'error' });
  const exportData = useMutation({
    mutationFn: () => dataProvider.requestPersonalData(userId, 'export'),
    onSuccess: async (request) => {
      if (request.status === 'done') {
        await dataProvider.downloadPersonalData(request.id);
        notify('app.people.personal_data.exported', { type: 'success' });
      } else notify('app.people.personal_data.export_failed', { type: 'error' });
      refresh();
    },
    onError: failed,
  });
  const erase = useMutation({
    mutationFn: () => dataProvider.requestPersonalData(userId, 'erasure'),
    onSuccess: () => {
      setConfirming(false);
      notify('app.people.personal_data.erasure_scheduled', { type: 'info' });
      refresh();
    },
    onError: (cause) => {
      setConfirming(false);
      failed(cause);
    },
  });
  const cancel = useMutation({
    mutationFn: (request: Identifier) => dataProvider.cancelErasure(request),
    onSuccess: () => {
      notify('app.people.personal_data.erasure_canceled', { type: 'success' });
      refresh();
    },
    onError: failed,
  });
  const download = useMutation({
    mutationFn: (request: Identifier) => dataProvider.downloadPersonalData(request),
    onError: failed,
  });

  if (isPending) return <Loader size="small" />;
  if (error) return <Alert severity="error">{translate('app.people.load_error')}</Alert>;
  const erasureOpen = data.some(
    (request) => request.kind === 'erasure' && (request.status === 'scheduled' || request.status === 'running'),
  );
  const erased = data.some((request) => request.kind === 'erasure' && request.status === 'done');

  const line = (request: PersonalDataRequest) => {
    const open = request.status === 'scheduled' || request.status === 'running';
    const details = [
      translate('app.people.personal_data.requested', {
        date: formatDateTime(request.requestedAt),
        who: request.requestedBy?.name ?? '—',
      }),
      open ? translate('app.people.personal_data.due', { date: formatDateTime(request.dueAt) }) : null,
      request.kind === 'erasure' && request.status === 'scheduled'
        ? translate('app.people.personal_data.runs_after', { date: formatDateTime(request.runAfter) })
        : null,
      request.completedAt
        ? translate('app.people.personal_data.completed', { date: formatDateTime(request.completedAt) })
        : null,
      request.archive
        ? translate('app.people.personal_data.archive', {
            size: sizeOf(request.archive.size),
            date: formatDateTime(request.archive.expiresAt),
          })
        : null,
      request.status === 'failed' && request.error ? request.error : null,
    ].filter(Boolean);
    return (
      <ListItem key={request.id} disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
        <ListItemText
          sx={{ minWidth: 220 }}
          primary={
            <Stack
              component="span"
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              <span>{translate(`app.people.personal_data.kind.${request.kind}`)}</span>
              <Chip
                size="small"
                variant="outlined"
                color={STATUS_COLOR[request.status]}
                label={translate(`app.people.personal_data.status.${request.status}`)}
              />
            </Stack>
          }
          secondary={details.join(' · ')}
        />
        {request.archive ? (
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() => download.mutate(request.id)}
            disabled={download.isPending}
          >
            {translate('app.people.personal_data.download')}
          </Button>
        ) : null}
        {request.kind === 'erasure' && request.status === 'scheduled' ? (
          <Button size="small" onClick={() => cancel.mutate(request.id)} disabled={cancel.isPending}>
            {translate('app.people.personal_data.cancel')}
          </Button>
        ) : null}
      </ListItem>
    );
  };

  return (
    <Stack spacing={1} data-testid="personal-data">
      <Typography variant="body2" color="text.secondary">
        {translate('app.people.personal_data.help')}
      </Typography>
      {erased ? <Alert severity="info">{translate('app.people.personal_data.erased')}</Alert> : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<ArchiveIcon />}
          onClick={() => exportData.mutate()}
          disabled={exportData.isPending || erased}
        >
          {translate(exportData.isPending ? 'app.people.personal_data.exporting' : 'app.people.personal_data.export')}
        </Button>
        {!self ? (
          <Button
            variant="outlined"
            size="small"
            color="error"
            startIcon={<DeleteForeverIcon />}
            onClick={() => setConfirming(true)}
            disabled={erasureOpen || erased}
          >
            {translate('app.people.personal_data.erase')}
          </Button>
        ) : null}
      </Stack>
      {data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.people.personal_data.none')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={translate('app.people.personal_data.title')}>
          {data.map(line)}
        </List>
      )}
      <Confirm
        isOpen={confirming}
        loading={erase.isPending}
        title="app.people.personal_data.erase_title"
        content="app.people.personal_data.erase_content"
        confirm="app.people.personal_data.erase_confirm"
        confirmColor="warning"
        onConfirm={() => erase.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
