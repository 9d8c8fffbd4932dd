import { useResourceContext, useTranslate } from 'react-admin';
import { DEFAULT_TIME_ZONE } from '../../domain/releases';
import { PeriodInput } from './PeriodInput';

/**
 * One end of a list's period filter on a date field (« Inscrit le : du », « … : au »), as `source.after` /
 * `source.before`. Days are the platform's (its time zone), as the reports count them: a report's week
 * opens the same rows in the list.
 */
export function FieldPeriodInput({ source, edge }: { source: string; edge: 'start' | 'end' }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const field = translate(`resources.${resource}.fields.${source}`, { _: source });
  return (
    <PeriodInput
      source={`${source}.${edge === 'start' ? 'after' : 'before'}`}
      edge={edge}
      label={translate(edge === 'start' ? 'app.fields.period_from' : 'app.fields.period_to', { field })}
      timeZone={DEFAULT_TIME_ZONE}
    />
  );
}
