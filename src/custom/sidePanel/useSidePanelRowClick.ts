import { useCallback } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import type { SideEntry } from './history';
import { useSidePanel } from './SidePanelContext';

/**
 * A `<DataTable rowClick>` that opens the row's record in the side panel (or the one `target` names for
 * the row: an audit log entry's record); returning false keeps react-admin from navigating, so the list
 * stays as it is.
 */
export function useSidePanelRowClick(
  target?: (record: RaRecord) => SideEntry | undefined,
): (id: Identifier, resource: string, record?: RaRecord) => false {
  const { open } = useSidePanel();
  return useCallback(
    (id: Identifier, resource: string, record?: RaRecord) => {
      open((record && target?.(record)) ?? { resource, id });
      return false;
    },
    [open, target],
  );
}
