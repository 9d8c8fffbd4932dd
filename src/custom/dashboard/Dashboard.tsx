import { Box, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { hasRole } from '../../domain/roles';
import { isPlatformStaff } from '../../domain/tenancy';
import { sessionAllows, sessionAllowsAll } from '../../providers/authProvider';
import { sessionStore } from '../../providers/sessionStore';
import { useSessionStructure, useStructureChoice } from '../tenancy/useSessionStructure';
import { DraftsCard } from './DraftsCard';
import { DueThisWeekCard } from './DueThisWeekCard';
import { LateLearnersCard } from './LateLearnersCard';
import { ListCountCard } from './ListCountCard';
import { PlanCard } from './PlanCard';
import { SavedViewsCard } from './SavedViewsCard';
import { SignInsCard } from './SignInsCard';
import { SupervisedLearnersCards } from './SupervisedLearnersCards';
import { TicketsCard } from './TicketsCard';
import { UnpublishedChangesCard } from './UnpublishedChangesCard';
import './messages';

/** Answers waiting for review, the oldest first; learners invited who have not started; structures to validate. */
const WAITING_ANSWERS = { status: 'submitted' };
const OLDEST = { field: 'createdAt', order: 'ASC' } as const;
const INVITED = { status: 'invited' };
const PENDING = { status: 'pending' };

/** Whether the session reads every row of a list, not only its own: a card counts what its role handles. */
const handles = (resource: string) => sessionAllowsAll(resource, 'list');

/**
 * "Tableau de bord", where every role lands (`/`): a card for each thing its role follows, chosen by the
 * rights table as the menu is. Support staff: their tickets by view and urgency. Authors: their drafts
 * and their published courses' unpublished changes.
 * Reviewers: the answers waiting. A structure's administrators: its sign-ins, its pending invitations, its
 * plan. Platform staff: the same in the structure they work in, or across all of them (the structures to
 * validate instead of a plan). Everyone: their saved views. Each card is one request; each figure a link to
 * the list it counts. The cards stack on a phone. Administrators, and supervisors about their own learners:
 * the learners late and due this week.
 */
export function Dashboard() {
  const translate = useTranslate();
  const { allStructures } = useSessionStructure();
  const [choice] = useStructureChoice();
  const roles = sessionStore.getRoles();
  const platform = isPlatformStaff(roles);
  const admin = hasRole(roles, 'ROLE_ADMIN');
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2, minWidth: 0 }} data-testid="dashboard">
      <Title title={translate('app.dashboard.title')} />
      {/* The app bar's title is the page's heading; platform staff are told whose figures these are. */}
      {platform && (
        <Typography color="text.secondary">
          {allStructures
            ? translate('app.dashboard.scope_all')
            : translate('app.dashboard.scope_one', { name: choice?.name ?? '' })}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(260px, 1fr))' },
        }}
      >
        {/* What a structure's administrators come for first: their learners who are late or due soon. */}
        {admin && <LateLearnersCard />}
        {admin && <DueThisWeekCard />}
        {handles('tickets') && <TicketsCard />}
        {sessionAllows('courses', 'create') && <DraftsCard />}
        {sessionAllows('courses', 'edit') && <UnpublishedChangesCard />}
        {handles('chapter-part-responses') && (
          <ListCountCard
            resource="chapter-part-responses"
            filter={WAITING_ANSWERS}
            sort={OLDEST}
            title="app.dashboard.review.title"
            figure="app.dashboard.review.figure"
            empty="app.dashboard.review.empty"
            testId="card-review"
          />
        )}
        {handles('user-connections') && <SignInsCard />}
        {handles('participations') && (
          <ListCountCard
            resource="participations"
            filter={INVITED}
            title="app.dashboard.invitations.title"
            figure="app.dashboard.invitations.figure"
            empty="app.dashboard.invitations.empty"
            testId="card-invitations"
          />
        )}
        {admin && !allStructures && <PlanCard company={platform ? choice?.id : undefined} />}
        {platform && allStructures && handles('companies') && (
          <ListCountCard
            resource="companies"
            filter={PENDING}
            title="app.dashboard.structures.title"
            figure="app.dashboard.structures.figure"
            empty="app.dashboard.structures.empty"
            testId="card-structures"
          />
        )}
        <SavedViewsCard />
        {!admin && <SupervisedLearnersCards />}
      </Box>
    </Stack>
  );
}
