import { useState } from 'react';
import { Button } from '@mui/material';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import { lazyComponent } from '../lazyComponent';

// The dialog's form and inputs load when it opens: the rows and pages showing the button need none.
const EnrolDialog = lazyComponent(() => import('./EnrolDialog').then((module) => module.EnrolDialog));

/**
 * « Inscrire des apprenants » on a course (its row, its page, its outline, its learners): opens the
 * enrolment's dialog. Only for a session that may enrol.
 */
export function EnrolButton({
  course: given,
  variant = 'text',
  short = false,
}: {
  course?: RaRecord;
  variant?: 'text' | 'outlined' | 'contained';
  /** « Inscrire » alone, where room is short (a list's row); named in full for a screen reader. */
  short?: boolean;
}) {
  const translate = useTranslate();
  const course = useRecordContext({ record: given });
  const [open, setOpen] = useState(false);
  if (!course || !sessionAllows('participations', 'create')) return null;
  const title = String(course.title ?? '');
  return (
    <>
      <Button
        size="small"
        variant={variant}
        startIcon={<GroupAddIcon />}
        aria-label={translate('app.learning_link.enrol_named', { title })}
        onClick={(event) => {
          // On a list row: the dialog, not the row's side panel.
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate(short ? 'app.learning_link.enrol_short' : 'app.learning_link.enrol')}
      </Button>
      {open && <EnrolDialog course={course} onClose={() => setOpen(false)} />}
    </>
  );
}
