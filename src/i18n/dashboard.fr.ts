/** The home page's words (src/custom/dashboard), added under `app` when it loads (custom/dashboard/messages.ts). */
export const dashboardFr = {
  dashboard: {
    title: 'Tableau de bord',
    scope_all: 'Toutes les structures',
    scope_one: 'Structure : %{name}',
    error: 'Ces chiffres ne peuvent pas être chargés pour le moment.',
    tickets: {
      title: 'Tickets',
      waiting: 'Support en attente de réponse',
      views: 'Par vue',
      urgency: 'Ouverts, par urgence',
      empty: 'Aucun ticket : tout est traité.',
    },
    drafts: {
      title: 'Brouillons',
      figure: 'Formations en brouillon',
      empty: 'Aucune formation en brouillon.',
      outline: 'Ouvrir le plan de « %{title} »',
    },
    unpublished: {
      title: 'Modifications non publiées',
      figure: 'Formations avec des modifications à publier',
      empty: 'Aucune modification en attente de publication.',
    },
    review: {
      title: 'Réponses à corriger',
      figure: 'Réponses en attente de correction',
      empty: 'Aucune réponse en attente de correction.',
    },
    sign_ins: {
      title: 'Connexions récentes',
      figure: 'Connexions enregistrées',
      empty: 'Aucune connexion enregistrée.',
      failed: 'échec',
    },
    learners: {
      late: {
        title: 'Apprenants en retard',
        figure: 'Apprenants dont l’échéance est passée',
        empty: 'Aucun apprenant en retard.',
      },
      due_this_week: {
        title: 'Échéances de la semaine',
        figure: 'Apprenants à terminer cette semaine',
        empty: 'Aucune échéance cette semaine.',
      },
      due: 'Échéance le %{date}',
      no_due: 'Sans échéance',
      open: '%{name}, %{course} : voir les apprenants de la formation',
    },
    invitations: {
      title: 'Invitations en attente',
      figure: 'Inscriptions à une formation pas encore commencées',
      empty: 'Aucune invitation en attente.',
    },
    plan: {
      title: 'Abonnement',
      empty: 'Aucun abonnement en cours.',
      manage: 'Gérer l’abonnement',
    },
    structures: {
      title: 'Structures à valider',
      figure: 'Structures en attente de validation',
      empty: 'Aucune structure en attente de validation.',
    },
    saved_views: {
      title: 'Mes vues enregistrées',
      empty: 'Aucune vue enregistrée : enregistrez les filtres d’une liste avec son bouton « Vues ».',
    },
  },
};
