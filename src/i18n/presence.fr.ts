/** Who else is on a ticket, and the reply sent after a newer message: spread under `app` by fr.ts. */
export const presenceFr = {
  presence: {
    also_open: 'Aussi ouvert par %{names} |||| Aussi ouvert par %{names}',
    typing: '%{names} rédige une réponse… |||| %{names} rédigent une réponse…',
    newer_title: 'Un nouveau message est arrivé. Envoyer quand même ?',
    newer_content:
      'Ce message est arrivé depuis que vous avez commencé votre réponse : |||| Ces messages sont arrivés depuis que vous avez commencé votre réponse :',
    send_anyway: 'Envoyer quand même',
    reread: 'Relire',
  },
};
