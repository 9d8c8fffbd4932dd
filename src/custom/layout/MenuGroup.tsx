import { Collapse, List, ListItemButton, ListItemText } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Menu, useCanAccessResources, useSidebarState, useStore, useTranslate } from 'react-admin';
import type { MenuGroup as MenuGroupName } from '../../resources/types';

/** One section of the menu; hidden when the session may open none of its resources. Folding is remembered. */
export function MenuGroup({ group, names }: { group: MenuGroupName; names: string[] }) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [folded, setFolded] = useStore(`menu.folded.${group}`, false);
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: names });
  if (isPending || !canAccess || !names.some((name) => canAccess[name])) return null;
  const label = translate(`app.menu.${group}`);
  return (
    <List component="div" role="group" disablePadding aria-label={label}>
      {sidebarOpen && (
        <ListItemButton onClick={() => setFolded(!folded)} aria-expanded={!folded} sx={{ py: 0.5 }}>
          <ListItemText primary={label} slotProps={{ primary: { variant: 'overline', color: 'text.secondary' } }} />
          {folded ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />}
        </ListItemButton>
      )}
      <Collapse in={!folded || !sidebarOpen}>
        {names.filter((name) => canAccess[name]).map((name) => (
          <Menu.ResourceItem key={name} name={name} />
        ))}
      </Collapse>
    </List>
  );
}
