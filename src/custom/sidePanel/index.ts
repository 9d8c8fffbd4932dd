export { SidePanel } from './SidePanel';
export { SidePanelProvider, useSidePanel, type SidePanelState } from './SidePanelContext';
export { useSidePanelRowClick } from './useSidePanelRowClick';
export { DEFAULT_SUB_TAB, type SidePanelTab, type SidePanelTabProps } from './tabs';
export { MAX_HISTORY, type SideEntry } from './history';
