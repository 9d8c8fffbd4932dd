/** A structure's plan ("Mon compte", the home page, a user's page) and the invitation of a new structure. */
export const subscriptionFr = {
  subscription: {
    title: 'Abonnement de la structure',
    plan: 'Formule %{name}',
    period_end: 'Période en cours jusqu’au %{date}',
    ends_at: 'Résilié : l’accès de la structure prend fin le %{date}.',
    unsubscribe: 'Résilier l’abonnement',
    confirm_title: 'Résilier l’abonnement ?',
    confirm_content:
      'La structure garde son accès jusqu’à la fin de la période payée, le %{date}. Ensuite, plus personne ne pourra s’y connecter.',
    back: 'Retour',
    done: 'Abonnement résilié',
    none: "Cette structure n'a pas de formule.",
  },
  structures: {
    invite: 'Inviter une structure',
    invite_intro:
      "Créez un lien d'inscription pour une nouvelle structure : il préremplit son nom et ne sert qu'une fois.",
    name: 'Nom de la structure',
    create_link: 'Créer le lien',
    link: "Lien d'invitation",
    copy: 'Copier le lien',
    copied: 'Lien copié',
    copy_failed: 'Impossible de copier : sélectionnez le lien et copiez-le.',
    close: 'Fermer',
  },
};
