import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { Form, useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import '../learners/messages';
import { EnrolForm } from './EnrolForm';
import {
  EMPTY_ENROLMENT,
  enrolmentRequest,
  refusalsOf,
  type EnrolmentValues,
  type ShownPreview,
} from './enrolmentForm';
import { useEnrolmentWords } from './useEnrolmentWords';

/**
 * The enrolment of people in a course: whom (one way at a time: people, a list of e-mails, the whole
 * structure, a tag, a skill, a supervisor's learners), the due date and whether supervisors hear of it;
 * « Aperçu » counts who would be enrolled without writing anything, « Inscrire » then enrols them as
 * previewed. A refusal shows beside its input and keeps what was typed.
 */
export function EnrolDialog({ course, onClose }: { course: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const words = useEnrolmentWords();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const intent = useRef<'preview' | 'apply'>('preview');
  const [preview, setPreview] = useState<ShownPreview>();
  const [refusal, setRefusal] = useState<{ audience?: string; general?: string }>({});
  const [busy, setBusy] = useState(false);
  const known = (key: string) => translate(key, { _: '\u0000' }) !== '\u0000';

  const submit = async (values: Partial<EnrolmentValues>) => {
    const request = enrolmentRequest(course.id, { ...EMPTY_ENROLMENT, ...values });
    const key = JSON.stringify(request);
    const applying = intent.current === 'apply' && preview?.key === key;
    setBusy(true);
    setRefusal({});
    try {
      if (!applying) {
        setPreview({ key, result: await dataProvider.previewEnrolment(request) });
        return undefined;
      }
      const result = await dataProvider.enrol(request);
      await queryClient.invalidateQueries({ queryKey: ['participations'] });
      notify('app.learning.enrol.done', { type: 'success', messageArgs: { summary: words.doneOf(result) } });
      onClose();
      return undefined;
    } catch (error) {
      const refusals = refusalsOf(error, known);
      if (!refusals) {
        notify(error instanceof Error && error.message ? error.message : 'GenericError', { type: 'error' });
        return undefined;
      }
      const { audience, general, ...fields } = refusals;
      setRefusal({ audience, general });
      return fields;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      // Clicks inside the dialog stay out of the list row behind it.
      onClick={(event) => event.stopPropagation()}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {translate('app.learning.enrol.title', { title: String(course.title ?? '') })}
      </DialogTitle>
      <Form defaultValues={EMPTY_ENROLMENT} onSubmit={submit} noValidate>
        <EnrolForm
          course={course.id}
          preview={preview}
          refusal={refusal}
          busy={busy}
          onIntent={(next) => (intent.current = next)}
          onClose={onClose}
        />
      </Form>
    </Dialog>
  );
}
