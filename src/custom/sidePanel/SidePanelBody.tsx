import { Suspense, createElement } from 'react';
import { Box, Divider, IconButton, Tab, Tabs, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import {
  Link,
  ResourceContextProvider,
  useCreatePath,
  useGetOne,
  useResourceDefinition,
  useTranslate,
} from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import { Loader } from '../Loader';
import type { SideEntry } from './history';
import { InfosTab } from './InfosTab';
import { historyTabsOf } from './historyTab';
import { DEFAULT_SUB_TAB, extraTabsOf, type SidePanelTab } from './tabs';

const INFOS_TAB: SidePanelTab = { value: DEFAULT_SUB_TAB, label: 'app.side_panel.tabs.infos', component: InfosTab };

interface SidePanelBodyProps {
  entry: SideEntry;
  subTab: string;
  onSubTab: (tab: string) => void;
  /**
   * Replaces the resource's own sub-tabs (`infos`, then its definition's `options.sidePanelTabs`, then
   * `history` where the audit log keeps its changes).
   */
  tabs?: readonly SidePanelTab[];
}

/** The sub-tabs of the object shown, the way to its edit page, and the selected sub-tab's content. */
export function SidePanelBody({ entry, subTab, onSubTab, tabs }: SidePanelBodyProps) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const definition = useResourceDefinition({ resource: entry.resource });
  // The record as the title read it (one request for both): "Modifier" only where the session may save it.
  const { data: record } = useGetOne(entry.resource, { id: entry.id });
  const editable = Boolean(definition.hasEdit && record && sessionAllows(entry.resource, 'edit', record));
  const shownTabs = tabs ?? [INFOS_TAB, ...extraTabsOf(definition), ...historyTabsOf(entry.resource)];
  // A sub-tab kept from another type of object may not exist for this one.
  const selected = shownTabs.find((tab) => tab.value === subTab) ?? shownTabs[0];
  return (
    <ResourceContextProvider value={entry.resource}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1 }}>
        <Tabs
          value={selected.value}
          onChange={(_, tab: string) => onSubTab(tab)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ flex: 1, minWidth: 0, minHeight: 40 }}
        >
          {/* Compact, with "Modifier" as an icon: a ticket's five sub-tabs fit the panel on a laptop's screen. */}
          {shownTabs.map((tab) => (
            <Tab
              key={tab.value}
              value={tab.value}
              label={translate(tab.label)}
              sx={{ minHeight: 40, minWidth: 0, px: 1, fontSize: '0.8125rem' }}
            />
          ))}
        </Tabs>
        {editable && (
          <Tooltip title={translate('app.side_panel.edit')}>
            <IconButton
              component={Link}
              to={createPath({ resource: entry.resource, id: entry.id, type: 'edit' })}
              aria-label={translate('app.side_panel.edit')}
              size="small"
              color="primary"
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Divider />
      <Box role="tabpanel" aria-label={translate(selected.label)} sx={{ p: 1 }}>
        <Suspense fallback={<Loader size="small" />}>
          {createElement(selected.component, {
            key: `${entry.resource}/${entry.id}`,
            resource: entry.resource,
            id: entry.id,
          })}
        </Suspense>
      </Box>
    </ResourceContextProvider>
  );
}
