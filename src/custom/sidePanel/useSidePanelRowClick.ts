import { useCallback } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { useSidePanel } from './SidePanelContext';

/**
 * A `<DataTable rowClick>` that opens the row's record in the side panel; returning false keeps
 * react-admin from navigating, so the list stays as it is.
 */
export function useSidePanelRowClick(): (id: Identifier, resource: string, record?: RaRecord) => false {
  const { open } = useSidePanel();
  return useCallback(
    (id: Identifier, resource: string) => {
      open({ resource, id });
      return false;
    },
    [open],
  );
}
