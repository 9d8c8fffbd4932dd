import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * The counts of the ticket list's views and of the open tickets by priority (one call), shared by the list's
 * views menu and the home page; under the tickets' key, so their live events ask for them again.
 */
export function useTicketViewCounts() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: ['tickets', 'views'], queryFn: () => dataProvider.getTicketViewCounts() });
}
