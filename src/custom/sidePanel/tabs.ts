import type { ComponentType } from 'react';
import type { Identifier, ResourceDefinition } from 'react-admin';

/** What a side-panel sub-tab draws: the record the panel shows. */
export interface SidePanelTabProps {
  resource: string;
  id: Identifier;
}

export interface SidePanelTab {
  /** What the panel keeps as its selected sub-tab (`subTab`) while this one is shown. */
  value: string;
  /** A translation key. */
  label: string;
  component: ComponentType<SidePanelTabProps>;
  /** Shown only when this answers true (e.g. the session's rights); always shown without it. */
  visible?: () => boolean;
}

/** The sub-tab selected when an object opens: `infos`, the one every object has. */
export const DEFAULT_SUB_TAB = 'infos';

/**
 * A resource adds its own sub-tabs after `infos` through its definition's options, e.g. the tickets'
 * agenda, notes and notifications: `options: { sidePanelTabs: [...] }`.
 */
export function extraTabsOf(definition: Pick<ResourceDefinition, 'options'> | undefined): readonly SidePanelTab[] {
  const tabs: unknown = definition?.options?.sidePanelTabs;
  return Array.isArray(tabs) ? (tabs as SidePanelTab[]).filter((tab) => tab.visible?.() ?? true) : [];
}
