import { createElement } from 'react';
import { isAudited } from '../../domain/audit';
import { lazyComponent } from '../lazyComponent';
import { Loader } from '../Loader';
import type { SidePanelTab, SidePanelTabProps } from './tabs';

/**
 * The "Historique" sub-tab, last, on every record whose changes the audit log keeps: its code (the
 * differences, the fields' widgets) comes when it is first opened. Apart from tabs.ts, which the panel's
 * state reads: the history shows fields that open records in the panel.
 */
export const HISTORY_TAB: SidePanelTab = {
  value: 'history',
  label: 'app.side_panel.tabs.history',
  component: lazyComponent<SidePanelTabProps>(
    () => import('../history/RecordHistory').then((module) => module.RecordHistory),
    createElement(Loader, { size: 'small' }),
  ),
};

export const historyTabsOf = (resource: string): readonly SidePanelTab[] => (isAudited(resource) ? [HISTORY_TAB] : []);
