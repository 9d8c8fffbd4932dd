import { PART_ICONS } from '../partTypeLook';
import { optionsPartType } from '../shared/optionsPartType';
import type { PartTypeDefinition } from '../types';
import { InteractiveSelectMultiPreview } from './InteractiveSelectMultiPreview';

export const interactiveSelectMulti: PartTypeDefinition = optionsPartType(
  'interactive_select_multi',
  PART_ICONS.interactive_select_multi,
  InteractiveSelectMultiPreview,
);
