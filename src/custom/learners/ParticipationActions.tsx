import { useState } from 'react';
import { Box, Button } from '@mui/material';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import type { AppDataProvider } from '../../providers/dataProvider';
import { learnerNameOf } from './learnerOf';

/**
 * On a learner's row: « Désinscrire », asked first (the learner leaves the course's lists; what they did is
 * kept), or « Réinscrire » for one unenrolled earlier. Only for a session that may change enrolments.
 */
export function ParticipationActions() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // A participation's structure is its learner's, which the row does not carry: the server checks it.
  if (!record || !sessionAllows('participations', 'edit')) return null;
  const name = learnerNameOf(record);
  const unenrolled = Boolean(record.unenrolledAt);

  const run = async () => {
    setBusy(true);
    try {
      if (unenrolled) await dataProvider.reenrol(record.id);
      else await dataProvider.unenrol(record.id);
      notify(unenrolled ? 'app.learning.learners.reenrolled' : 'app.learning.learners.unenrolled', {
        type: 'success',
        messageArgs: { name },
      });
      refresh();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'GenericError', { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <Box onClick={(event) => event.stopPropagation()}>
      {unenrolled ? (
        <Button
          size="small"
          startIcon={<PersonAddIcon />}
          disabled={busy}
          onClick={() => void run()}
          aria-label={translate('app.learning.learners.reenrol_named', { name })}
        >
          {translate('app.learning.learners.reenrol')}
        </Button>
      ) : (
        <Button
          size="small"
          color="error"
          startIcon={<PersonRemoveIcon />}
          disabled={busy}
          onClick={() => setAsking(true)}
          aria-label={translate('app.learning.learners.unenrol_named', { name })}
        >
          {translate('app.learning.learners.unenrol')}
        </Button>
      )}
      <Confirm
        isOpen={asking}
        loading={busy}
        title="app.learning.learners.unenrol_title"
        content="app.learning.learners.unenrol_content"
        confirm="app.learning.learners.unenrol"
        confirmColor="warning"
        translateOptions={{ name }}
        onClose={() => setAsking(false)}
        onConfirm={() => void run()}
      />
    </Box>
  );
}
