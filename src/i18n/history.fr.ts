/** A record's history and its differences (src/custom/history), under `app.history`. */
export const historyFr = {
  list: 'Modifications de cet élément',
  empty: 'Aucune modification enregistrée pour cet élément.',
  load_error: "L'historique n'a pas pu être chargé.",
  more: 'Voir les modifications plus anciennes',
  entry_title: '%{action} par %{who}',
  nobody: 'la plateforme',
  current: 'Version actuelle',
  no_field: 'Aucun champ modifié.',
  no_visible_change: 'Aucune différence visible.',
  empty_value: '(vide)',
  hidden_value: 'Valeur modifiée, non conservée (donnée secrète).',
  before: 'Avant',
  after: 'Après',
  same_lines: '… %{smart_count} ligne identique |||| … %{smart_count} lignes identiques',
  restore: 'Restaurer cette version',
  confirm_title: 'Restaurer cette version ?',
  confirm_content:
    "L'élément reprendra les valeurs qu'il avait après la modification du %{when}. Cette restauration sera elle-même enregistrée dans l'historique.",
  restored: 'Version restaurée',
  errors: {
    stale:
      "Quelqu'un a modifié cet élément entre-temps : l'historique vient d'être rechargé, vérifiez-le avant de restaurer.",
    cannot_apply: 'Cette version ne peut plus être restaurée :',
  },
  content_fields: { video_id: 'Identifiant de la vidéo' },
};
