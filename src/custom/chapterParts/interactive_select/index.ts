import { PART_ICONS } from '../partTypeLook';
import { optionsPartType } from '../shared/optionsPartType';
import type { PartTypeDefinition } from '../types';
import { InteractiveSelectPreview } from './InteractiveSelectPreview';

export const interactiveSelect: PartTypeDefinition = optionsPartType(
  'interactive_select',
  PART_ICONS.interactive_select,
  InteractiveSelectPreview,
);
