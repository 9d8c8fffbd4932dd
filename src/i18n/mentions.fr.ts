/** Mentions in ticket notes and the app bar's bell, spread under `app` by fr.ts. */
export const mentionsFr = {
  mentions: {
    bell: 'Mentions : %{count} non lue |||| Mentions : %{count} non lues',
    title: 'Mentions',
    mark_all: 'Tout marquer comme lu',
    empty: 'Personne ne vous a mentionné pour l’instant.',
    load_error: 'Les mentions n’ont pas pu être chargées.',
    error: 'Les mentions n’ont pas pu être marquées comme lues.',
    item: '%{author} vous a mentionné : %{subject}',
    someone: 'Quelqu’un',
    unread: 'Non lue :',
    picker: 'Mentionner un collègue',
    picker_loading: 'Recherche des collègues…',
    picker_none: 'Aucun collègue de ce nom ne voit ce ticket.',
    help: 'Tapez @ pour mentionner un collègue : il sera prévenu.',
    added: 'Note ajoutée, les collègues mentionnés sont prévenus',
    refused: 'Seuls les membres du support qui voient ce ticket peuvent être mentionnés.',
  },
};
