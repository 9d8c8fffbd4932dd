import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import { optionsPartType } from '../shared/optionsPartType';
import type { PartTypeDefinition } from '../types';
import { InteractiveSelectPreview } from './InteractiveSelectPreview';

export const interactiveSelect: PartTypeDefinition = optionsPartType(
  'interactive_select',
  RadioButtonCheckedIcon,
  InteractiveSelectPreview,
);
