import { CopyToStructureButton } from '../tenancy/CopyToStructureButton';
import { OpenOutlineButton } from './OpenOutlineButton';

/**
 * A course's actions, on its list row and its page: its outline, and for a catalogue course read from
 * inside a structure, the copy that the structure may change.
 */
export function CourseActions() {
  return (
    <>
      <OpenOutlineButton />
      <CopyToStructureButton />
    </>
  );
}
