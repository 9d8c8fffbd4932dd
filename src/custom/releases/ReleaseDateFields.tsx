import { useQuery } from '@tanstack/react-query';
import { Skeleton, TextField, Typography } from '@mui/material';
import { TextInput, useDataProvider, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { formatReleaseDate, fromZonedInput, toZonedInput } from '../../domain/releases';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { FieldRenderProps } from '../crud/fieldSpec';
import '../outline/messages';

/** A zone asked for stays right until platform staff change the structure's: long enough for a page's life. */
const ZONE_FRESH_MS = 10 * 60_000;

/** The clock of the record's course's structure, as the server says it; undefined while it is asked for. */
function useReleaseTimeZone(): string | undefined {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<AppDataProvider>();
  const id = record?.id;
  const { data } = useQuery({
    queryKey: ['releaseTimeZone', resource, String(id)],
    queryFn: () => dataProvider.getReleaseTimeZone(resource, { id: id! }),
    enabled: id !== undefined && resource !== '',
    staleTime: ZONE_FRESH_MS,
  });
  return data;
}

/**
 * A module's, chapter's or part's release date on its own page, as the outline says it: « le 3 décembre 2026 à
 * 09:00 », on the clock of its course's structure (named beside it); none, from the course's publication.
 */
export function ReleaseDateField({ source }: FieldRenderProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const timeZone = useReleaseTimeZone();
  const value = record?.[source] as string | null | undefined;
  if (!value) return <Typography variant="body2">{translate('app.outline.release.none')}</Typography>;
  if (!timeZone) return <Skeleton variant="text" width={220} aria-hidden />;
  return (
    <Typography variant="body2">
      {formatReleaseDate(value, timeZone)} ({translate('app.outline.release.zone', { zone: timeZone })})
    </Typography>
  );
}

/**
 * The release date in a module's, chapter's or part's edit form: a date and time on the clock of its course's
 * structure (said under the field), saved as an instant; emptied, learners get the node with the course. A new
 * node gets its date once it exists (here or in the outline): before, its course's clock is not known.
 */
export function ReleaseDateInput({ source }: { source: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const timeZone = useReleaseTimeZone();
  const resource = useResourceContext() ?? '';
  if (record?.id === undefined) return null;
  // Until the clock is known, a field in its place that the form does not hold: nothing can be typed on a wrong clock.
  if (timeZone === undefined)
    return (
      <TextField
        disabled
        variant="filled"
        label={translate(`resources.${resource}.fields.${source}`)}
        helperText=" "
        slotProps={{ inputLabel: { shrink: true } }}
      />
    );
  return (
    <TextInput
      source={source}
      type="datetime-local"
      format={(value: string | null | undefined) => (value ? toZonedInput(value, timeZone) : '')}
      parse={(value: string) => (value ? (fromZonedInput(value, timeZone) ?? null) : null)}
      helperText={translate('app.outline.release.zone', { zone: timeZone })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
