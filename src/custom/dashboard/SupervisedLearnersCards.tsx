import { Box } from '@mui/material';
import { DueThisWeekCard } from './DueThisWeekCard';
import { LateLearnersCard } from './LateLearnersCard';
import { useLearningOverview } from './useLearningOverview';

/**
 * A supervisor's learners on their home page: the same cards as an administrator's, about the learners they
 * supervise. Whether someone supervises is known from the answer alone (none, or nothing to follow, for
 * whoever supervises no one), so the cards come after every other card: arriving late, they move none.
 */
export function SupervisedLearnersCards() {
  const { data, isPending } = useLearningOverview();
  // Nothing shown yet, but still on its way: what waits for the home page's cards waits for these too.
  if (isPending) return <Box data-testid="card-supervised-learners" aria-busy="true" sx={{ display: 'none' }} />;
  if (!data || data.late.count + data.dueThisWeek.count + data.atRisk.count === 0) return null;
  return (
    <>
      <LateLearnersCard />
      <DueThisWeekCard />
    </>
  );
}
