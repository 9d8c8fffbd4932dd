import { CourseActions } from '../../custom/outline/CourseActions';
import { CourseTransferActions } from '../../custom/courseTransfer/CourseTransferActions';

/** On a course's page (the side panel): its outline and copy, then its new session and export. */
export function CourseShowActions() {
  return (
    <>
      <CourseActions />
      <CourseTransferActions />
    </>
  );
}
