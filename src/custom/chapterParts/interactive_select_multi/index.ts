import CheckBoxIcon from '@mui/icons-material/CheckBox';
import { optionsPartType } from '../shared/optionsPartType';
import type { PartTypeDefinition } from '../types';
import { InteractiveSelectMultiPreview } from './InteractiveSelectMultiPreview';

export const interactiveSelectMulti: PartTypeDefinition = optionsPartType(
  'interactive_select_multi',
  CheckBoxIcon,
  InteractiveSelectMultiPreview,
);
