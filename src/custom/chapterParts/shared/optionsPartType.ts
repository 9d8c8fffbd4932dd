import { createElement, type ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import type { CHOICE_PART_TYPES } from '../../../domain/chapterParts';
import { CORRECT_OPTIONS } from '../../../domain/chapterPartContent';
import { textOf, type PartPreviewProps, type PartTypeDefinition } from '../types';
import { OptionsEditor } from './OptionsEditor';

/**
 * A question with options to choose among (one or several): the choice types edit and summarise the same
 * content and differ in their icon, in how many options may be right (the domain's check), and in how the
 * learner picks. A new part has no right answer marked: the author picks it, none is chosen for them.
 */
export const optionsPartType = (
  type: (typeof CHOICE_PART_TYPES)[number],
  icon: SvgIconComponent,
  Preview: ComponentType<PartPreviewProps>,
): PartTypeDefinition => {
  const single = CORRECT_OPTIONS[type] === 'exactly_one';
  return {
    type,
    icon,
    empty: () => ({
      question: '',
      options: [
        { label: '', correct: false },
        { label: '', correct: false },
      ],
    }),
    Editor: () => createElement(OptionsEditor, { single }),
    Preview,
    summary: (content) => textOf(content.question),
  };
};
