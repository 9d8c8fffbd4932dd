import { DataTable, useTranslate, type RaRecord } from 'react-admin';
import { useFormatDateTime } from '../tickets/useFormatDateTime';
import { LearnerCell } from './LearnerCell';
import { learnerNameOf } from './learnerOf';
import { ParticipationActions } from './ParticipationActions';
import { ProgressValue } from './ProgressValue';
import { StateCell } from './StateCell';
import { useFormatDay } from './useFormatDay';

/**
 * A course's learners as a table: each with their state, status, progress, last activity and due date;
 * ordered on what the API orders participations on.
 */
export function LearnersTable() {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  const formatDay = useFormatDay();
  return (
    <DataTable rowClick={false} bulkActionButtons={false}>
      <DataTable.Col source="learner" label="app.learning.learners.learner" disableSort>
        <LearnerCell />
      </DataTable.Col>
      <DataTable.Col
        source="state"
        label="app.learning.learners.state"
        disableSort
        render={(record: RaRecord) => <StateCell record={record} />}
      />
      <DataTable.Col
        source="status"
        render={(record) => translate(`choices.participationStatus.${record.status}`, { _: String(record.status) })}
      />
      <DataTable.Col
        source="progress"
        render={(record: RaRecord) => <ProgressValue value={record.progress as number} name={learnerNameOf(record)} />}
      />
      <DataTable.Col
        source="lastActivityAt"
        render={(record) => formatDateTime(record.lastActivityAt as string | null) || '—'}
      />
      <DataTable.Col
        source="dueAt"
        render={(record) => formatDay(record.dueAt as string | null) || translate('app.learning.no_due')}
      />
      <DataTable.Col source="id" label="" disableSort>
        <ParticipationActions />
      </DataTable.Col>
    </DataTable>
  );
}
