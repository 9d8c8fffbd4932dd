import HistoryIcon from '@mui/icons-material/History';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

/** The journal: every write, newest first; each entry opens the record it changed in the side panel. */
export const auditLog: ResourceDefinition = {
  name: 'audit-log',
  group: 'settings',
  ...standardScreens('audit-log', load),
  icon: HistoryIcon,
  recordRepresentation: (entry: { id: number; at?: string }) =>
    entry.at ? new Date(entry.at).toLocaleString() : `#${entry.id}`,
};
