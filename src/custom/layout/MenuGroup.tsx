import { useId } from 'react';
import { Collapse, ListItemButton, ListItemText, MenuList } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useSidebarState, useStore, useTranslate, type ResourceDefinition } from 'react-admin';
import type { MenuGroup as MenuGroupName } from './menuGroups';
import { ResourceMenuLink } from './ResourceMenuLink';

/** One section of the menu: its title folds it (remembered), then a menu of its resources' lists. */
export function MenuGroup({ group, resources }: { group: MenuGroupName; resources: ResourceDefinition[] }) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [folded, setFolded] = useStore(`menu.folded.${group}`, false);
  const listId = useId();
  const label = translate(`app.menu.${group}`);
  return (
    <>
      {sidebarOpen && (
        <ListItemButton
          onClick={() => setFolded(!folded)}
          aria-expanded={!folded}
          aria-controls={listId}
          sx={{ py: 0.5 }}
        >
          <ListItemText primary={label} slotProps={{ primary: { variant: 'overline', color: 'text.secondary' } }} />
          {folded ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />}
        </ListItemButton>
      )}
      <Collapse in={!folded || !sidebarOpen}>
        <MenuList id={listId} aria-label={label} disablePadding>
          {resources.map((resource) => (
            <ResourceMenuLink key={resource.name} resource={resource} />
          ))}
        </MenuList>
      </Collapse>
    </>
  );
}
