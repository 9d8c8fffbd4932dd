import { Alert, Button, DialogActions, DialogContent } from '@mui/material';
import PreviewIcon from '@mui/icons-material/Preview';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { BooleanInput, useTranslate, type Identifier } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { AudienceInputs } from './AudienceInputs';
import { DueInputs } from './DueInputs';
import { EnrolPreviewPanel } from './EnrolPreviewPanel';
import { EMPTY_ENROLMENT, requestKey, type EnrolmentValues, type ShownPreview } from './enrolmentForm';

interface EnrolFormProps {
  course: Identifier;
  preview?: ShownPreview;
  refusal: { audience?: string; general?: string };
  busy: boolean;
  /** What the next submit does: « Aperçu » (also Enter in a field) or « Inscrire ». */
  onIntent: (intent: 'preview' | 'apply') => void;
  onClose: () => void;
}

/**
 * The enrolment dialog's inputs, its preview and its buttons. « Inscrire » is offered once a preview of
 * the choices as they are now says someone would be enrolled; a change after it asks for a new one.
 */
export function EnrolForm({ course, preview, refusal, busy, onIntent, onClose }: EnrolFormProps) {
  const translate = useTranslate();
  const values = useWatch() as Partial<EnrolmentValues>;
  const fresh = preview !== undefined && preview.key === requestKey(course, { ...EMPTY_ENROLMENT, ...values });
  const someone = preview !== undefined && preview.result.toEnrol + (preview.result.reenrolled ?? 0) > 0;
  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <AudienceInputs error={refusal.audience} />
        <DueInputs />
        <BooleanInput
          source="remindSupervisor"
          label="app.learning.enrol.remind_supervisor"
          helperText="app.learning.enrol.remind_supervisor_help"
        />
        {refusal.general && <Alert severity="error">{translate(refusal.general, { _: refusal.general })}</Alert>}
        <EnrolPreviewPanel preview={preview?.result} stale={preview !== undefined && !fresh} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        {/* The first submit button: Enter in a field asks for the preview. */}
        <Button
          type="submit"
          variant={fresh ? 'outlined' : 'contained'}
          startIcon={<PreviewIcon />}
          loading={busy}
          onClick={() => onIntent('preview')}
        >
          {translate('app.learning.enrol.preview')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<GroupAddIcon />}
          disabled={busy || !fresh || !someone}
          onClick={() => onIntent('apply')}
        >
          {translate('app.learning.enrol.apply')}
        </Button>
      </DialogActions>
    </>
  );
}
