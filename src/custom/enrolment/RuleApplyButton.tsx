import { useState } from 'react';
import { Button } from '@mui/material';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { useRecordContext, useTranslate } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import { lazyComponent } from '../lazyComponent';
import '../learners/messages';

const RuleApplyDialog = lazyComponent(() => import('./RuleApplyDialog').then((module) => module.RuleApplyDialog));

/**
 * « Appliquer aux membres actuels » on an enrolment rule: the members who already have its tag or skill are
 * enrolled as it says, after a preview. Those who arrive later are enrolled by the rule itself.
 */
export function RuleApplyButton() {
  const translate = useTranslate();
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  // Applying a rule is enrolling people.
  if (!record || !sessionAllows('participations', 'create')) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<PlaylistAddCheckIcon />}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate('app.learning.rule.apply_button')}
      </Button>
      {open && <RuleApplyDialog rule={record} onClose={() => setOpen(false)} />}
    </>
  );
}
