import QuickreplyIcon from '@mui/icons-material/Quickreply';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

/** "Réponses types": support staff insert them in a reply with `/` (src/custom/tickets/CannedReplyPicker.tsx). */
export const cannedReplies: ResourceDefinition = {
  name: 'canned-replies',
  group: 'support',
  ...standardScreens('canned-replies', load),
  icon: QuickreplyIcon,
  recordRepresentation: 'title',
};
