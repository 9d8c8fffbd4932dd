import { CopyToStructureButton } from '../tenancy/CopyToStructureButton';
import { CourseLearnerActions } from '../learners/lazyLearnerActions';
import { useAfterFirstPaint } from '../useAfterFirstPaint';
import { OpenOutlineButton } from './OpenOutlineButton';

/**
 * A course's actions, on its list row and its page: its outline, its learners and their enrolment (once the
 * first rows are painted: their code loads apart), and for a catalogue course read from inside a
 * structure, the copy that the structure may change.
 */
export function CourseActions() {
  const painted = useAfterFirstPaint();
  return (
    <>
      <OpenOutlineButton />
      {painted && <CourseLearnerActions />}
      <CopyToStructureButton />
    </>
  );
}
