import { lazyComponent } from '../lazyComponent';

/*
 * What the outline page shows beside the tree or over it, loaded on first use: the tree's own code is
 * then all the page waits for (the part previews alone bring the Markdown renderer, the forms bring
 * react-hook-form's inputs).
 */
export const CourseDetails = lazyComponent(() => import('./CourseDetails').then((module) => module.CourseDetails));
export const RelationChips = lazyComponent(() => import('./RelationChips').then((module) => module.RelationChips));
export const LearnerPreview = lazyComponent(() => import('./LearnerPreview').then((module) => module.LearnerPreview));
export const RecordHistory = lazyComponent(() =>
  import('../history/RecordHistory').then((module) => module.RecordHistory),
);
export const CommentsPanel = lazyComponent(() => import('./CommentsPanel').then((module) => module.CommentsPanel));
export const PartCreateDialog = lazyComponent(() =>
  import('./PartCreateDialog').then((module) => module.PartCreateDialog),
);
export const TemplateDialog = lazyComponent(() => import('./TemplateDialog').then((module) => module.TemplateDialog));
export const ReleaseDialog = lazyComponent(() => import('./ReleaseDialog').then((module) => module.ReleaseDialog));
export const BulkMoveDialog = lazyComponent(() => import('./BulkDialogs').then((module) => module.BulkMoveDialog));
export const BulkTagsDialog = lazyComponent(() => import('./BulkDialogs').then((module) => module.BulkTagsDialog));
export const PrerequisitesDialog = lazyComponent(() =>
  import('./PrerequisitesDialog').then((module) => module.PrerequisitesDialog),
);
