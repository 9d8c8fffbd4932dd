import type { subscriptionFr } from './subscription.fr';

/** A structure's plan and the invitation of a new structure, in English. */
export const subscriptionEn: typeof subscriptionFr = {
  subscription: {
    title: "Organisation's subscription",
    plan: '%{name} plan',
    period_end: 'Current period until %{date}',
    ends_at: "Canceled: the organisation's access ends on %{date}.",
    unsubscribe: 'Cancel the subscription',
    confirm_title: 'Cancel the subscription?',
    confirm_content:
      'The organisation keeps its access until the end of the paid period, on %{date}. After that, nobody can sign in to it.',
    back: 'Back',
    done: 'Subscription canceled',
    none: 'This organisation has no plan.',
  },
  structures: {
    invite: 'Invite an organisation',
    invite_intro: 'Create a sign-up link for a new organisation: it prefills its name and works once.',
    name: "Organisation's name",
    create_link: 'Create the link',
    link: 'Invitation link',
    copy: 'Copy the link',
    copied: 'Link copied',
    copy_failed: 'Could not copy: select the link and copy it.',
    close: 'Close',
  },
};
