/** The home page's words in English. */
export const dashboardEn = {
  dashboard: {
    title: 'Dashboard',
    scope_all: 'All structures',
    scope_one: 'Structure: %{name}',
    error: 'These figures cannot be loaded right now.',
    tickets: {
      title: 'Tickets',
      waiting: 'Support awaiting an answer',
      views: 'By view',
      urgency: 'Open, by urgency',
      empty: 'No tickets: everything is handled.',
    },
    drafts: {
      title: 'Drafts',
      figure: 'Courses in draft',
      empty: 'No course in draft.',
      outline: 'Open the outline of “%{title}”',
    },
    unpublished: {
      title: 'Unpublished changes',
      figure: 'Courses with changes to publish',
      empty: 'No change waiting to be published.',
    },
    review: {
      title: 'Answers to review',
      figure: 'Answers waiting for review',
      empty: 'No answer waiting for review.',
    },
    sign_ins: {
      title: 'Recent sign-ins',
      figure: 'Recorded sign-ins',
      empty: 'No sign-in recorded.',
      failed: 'failed',
    },
    learners: {
      late: {
        title: 'Late learners',
        figure: 'Learners past their due date',
        empty: 'No late learner.',
      },
      due_this_week: {
        title: 'Due this week',
        figure: 'Learners to complete this week',
        empty: 'Nothing due this week.',
      },
      due: 'Due %{date}',
      no_due: 'No due date',
      open: '%{name}, %{course}: see the course’s learners',
    },
    invitations: {
      title: 'Pending invitations',
      figure: 'Course enrolments not started yet',
      empty: 'No pending invitation.',
    },
    plan: {
      title: 'Subscription',
      empty: 'No current subscription.',
      manage: 'Manage the subscription',
    },
    structures: {
      title: 'Structures to validate',
      figure: 'Structures waiting for validation',
      empty: 'No structure waiting for validation.',
    },
    saved_views: {
      title: 'My saved views',
      empty: 'No saved view: save a list’s filters with its “Views” button.',
    },
  },
};
