import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ChapterPartType } from '../../../domain/chapterParts';
import { textOf, type PartPreviewProps, type PartTypeDefinition } from '../types';
import { OptionsEditor } from './OptionsEditor';

/**
 * A question with options to choose among (one or several): the choice types edit and summarise the same
 * content and differ only in their icon and in how the learner picks.
 */
export const optionsPartType = (
  type: ChapterPartType,
  icon: SvgIconComponent,
  Preview: ComponentType<PartPreviewProps>,
): PartTypeDefinition => ({
  type,
  icon,
  empty: () => ({
    question: '',
    options: [
      { label: '', correct: true },
      { label: '', correct: false },
    ],
  }),
  Editor: OptionsEditor,
  Preview,
  summary: (content) => textOf(content.question),
});
