import { useId, type ReactNode } from 'react';
import { Collapse, ListItemButton, ListItemText, MenuList } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useSidebarState, useStore, useTranslate, type ResourceDefinition } from 'react-admin';
import type { MenuGroup as MenuGroupName } from './menuGroups';
import { ResourceMenuLink } from './ResourceMenuLink';

/** One section of the menu: its title folds it (remembered), then a menu of its resources' lists and its screens. */
export function MenuGroup({
  group,
  resources,
  screens,
}: {
  group: MenuGroupName;
  resources: ResourceDefinition[];
  /** Entries of screens that are no resource's list (the rights screen). */
  screens?: ReactNode;
}) {
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
          {screens}
        </MenuList>
      </Collapse>
    </>
  );
}
