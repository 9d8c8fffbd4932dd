import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/** One learner's courses and answers waiting, as the API counts them (`GET /api/learning/learners/{id}`). */
export function useLearnerView(user: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['learning-learner', String(user)],
    queryFn: ({ signal }) => dataProvider.getLearnerView(user, signal),
    // A learner out of reach stays so: asked once.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}
