import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { lazyComponent } from '../../custom/lazyComponent';
import { Loader } from '../../custom/Loader';
import type { SidePanelTab, SidePanelTabProps } from '../../custom/sidePanel';
import { sessionAllows } from '../../providers/authProvider';
import type { ResourceDefinition } from '../types';
import { createElement } from 'react';

const load = () => import('./screens');
const panel = () => import('../../custom/tickets/panelTabs');
const loading = createElement(Loader, { size: 'small' });

// The agenda, internal notes and deliveries are support's own: the ticket's author never sees them.
const staffOnly = () => sessionAllows('notes-bo', 'list');

/** The ticket panel's sub-tabs after `infos`. */
const sidePanelTabs: SidePanelTab[] = [
  {
    value: 'agenda',
    label: 'app.side_panel.tabs.agenda',
    visible: staffOnly,
    component: lazyComponent<SidePanelTabProps>(() => panel().then((module) => module.TicketAgendaTab), loading),
  },
  {
    value: 'notes',
    label: 'app.side_panel.tabs.notes',
    visible: staffOnly,
    component: lazyComponent<SidePanelTabProps>(() => panel().then((module) => module.TicketNotesTab), loading),
  },
  {
    value: 'notifications',
    label: 'app.side_panel.tabs.notifications',
    visible: staffOnly,
    component: lazyComponent<SidePanelTabProps>(() => panel().then((module) => module.TicketNotificationsTab), loading),
  },
];

export const tickets: ResourceDefinition = {
  name: 'tickets',
  group: 'support',
  list: lazyScreen(load, 'List'),
  // The side panel's `infos` sub-tab: the ticket panel (thread, reply, close), not the generic fields.
  show: lazyComponent(() => panel().then((module) => module.TicketInfosTab), loading),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: SupportAgentIcon,
  recordRepresentation: 'subject',
  options: {
    sidePanelTabs,
    // Who else has the ticket open, under the panel's title.
    sidePanelHeader: lazyComponent(() =>
      import('../../custom/tickets/presence/TicketPresenceHeader').then((module) => module.TicketPresenceHeader),
    ),
    // Support staff see how many support tickets wait, beside the menu entry.
    menuBadge: lazyComponent(() =>
      import('../../custom/tickets/WaitingTicketsCount').then((module) => module.WaitingTicketsCount),
    ),
  },
};
