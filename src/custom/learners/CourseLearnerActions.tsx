import { Button } from '@mui/material';
import GroupsIcon from '@mui/icons-material/Groups';
import { Link } from 'react-router-dom';
import { useBasename, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import { EnrolButton } from '../enrolment/EnrolButton';
import { courseLearnersPage } from './learnerPages';

/**
 * A course's « Apprenants » (its learners' page) and « Inscrire » (the enrolment dialog), on its list row,
 * its page and its outline; each only for a session that may use it.
 */
export function CourseLearnerActions({ record: given, short = true }: { record?: RaRecord; short?: boolean }) {
  const translate = useTranslate();
  const basename = useBasename();
  const record = useRecordContext({ record: given });
  if (!record) return null;
  const title = String(record.title ?? '');
  return (
    <>
      {sessionAllows('participations', 'list') && (
        <Button
          component={Link}
          to={`${basename}${courseLearnersPage(record.id)}`}
          size="small"
          startIcon={<GroupsIcon />}
          aria-label={translate('app.learning_link.learners_named', { title })}
          onClick={(event) => event.stopPropagation()}
        >
          {translate('app.learning_link.learners')}
        </Button>
      )}
      <EnrolButton course={record} short={short} />
    </>
  );
}
