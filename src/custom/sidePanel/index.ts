export { SidePanel } from './SidePanel';
export { SidePanelProvider, useSidePanel, DEFAULT_SUB_TAB } from './SidePanelContext';
export { useSidePanelRowClick } from './useSidePanelRowClick';
export { MAX_HISTORY, type SideEntry } from './history';
