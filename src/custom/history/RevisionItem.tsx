import { Box, Chip, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import type { RevisionRecord } from '../../providers/actions';
import { useFormatDateTime } from '../tickets/useFormatDateTime';
import { ChangedFields } from './ChangedFields';
import { RestoreRevisionButton } from './RestoreRevisionButton';
import './messages';

interface RevisionItemProps {
  resource: string;
  revision: RevisionRecord;
  /** The record as it is now. */
  record?: RaRecord;
  /** The newest change: the record is as it left it. */
  current: boolean;
  /** Whether the session may put the record back as this change left it. */
  restorable: boolean;
}

/** One change of a record: who, when, what they did, each field's difference, and the way back to it. */
export function RevisionItem({ resource, revision, record, current, restorable }: RevisionItemProps) {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  const when = formatDateTime(revision.at);
  const who = revision.userName ?? translate('app.history.nobody');
  const action = translate(`choices.auditAction.${revision.action}`, { _: revision.action });
  return (
    <Box
      component="li"
      data-revision={revision.id}
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('app.history.entry_title', { action, who })}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span">
          <time dateTime={revision.at}>{when}</time>
        </Typography>
        {current && <Chip size="small" label={translate('app.history.current')} />}
      </Box>
      <ChangedFields
        resource={resource}
        changes={revision.changes}
        record={record}
        created={revision.operation === 'create'}
      />
      {restorable && record && (
        <RestoreRevisionButton
          resource={resource}
          id={record.id}
          change={revision.id}
          updatedAt={typeof record.updatedAt === 'string' ? record.updatedAt : undefined}
          when={when}
        />
      )}
    </Box>
  );
}
