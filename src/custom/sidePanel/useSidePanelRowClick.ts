import { useCallback } from 'react';
import type { Identifier } from 'react-admin';
import { useSidePanel } from './SidePanelContext';

/** A `<DataTable rowClick>` that opens the row's record in the side panel and stays on the list. */
export function useSidePanelRowClick(): (id: Identifier, resource: string) => false {
  const { open } = useSidePanel();
  return useCallback(
    (id: Identifier, resource: string) => {
      open({ resource, id });
      return false;
    },
    [open],
  );
}
