import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * The home page's learners (`GET /api/learning/overview`): one request for the cards that show them, late
 * and due this week. None (`null`) when the session follows no learner.
 */
export function useLearningOverview() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['learning-overview'],
    queryFn: ({ signal }) => dataProvider.getLearningOverview(signal),
  });
}
