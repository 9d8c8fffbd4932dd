import { Button } from '@mui/material';
import FilterAltIcon from '@mui/icons-material/FilterAltOutlined';
import { Link } from 'react-router-dom';
import { useBasename, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { hasRole } from '../../domain/roles';
import { sessionStore } from '../../providers/sessionStore';
import { courseFunnelLink } from './learningRoutes';

/**
 * « Entonnoir » on a course's page and outline: where its learners drop off, chapter by chapter. The figures
 * are its structure's administrators' to read, so only they are offered the way there.
 */
export function FunnelButton({ record: given }: { record?: RaRecord }) {
  const translate = useTranslate();
  const basename = useBasename();
  const record = useRecordContext({ record: given });
  if (!record || !hasRole(sessionStore.getRoles(), 'ROLE_ADMIN')) return null;
  return (
    <Button
      component={Link}
      to={`${basename}${courseFunnelLink(record.id)}`}
      size="small"
      startIcon={<FilterAltIcon />}
      aria-label={translate('app.learning_reports.funnel_named', { title: String(record.title ?? '') })}
      onClick={(event) => event.stopPropagation()}
    >
      {translate('app.learning_reports.funnel')}
    </Button>
  );
}
