/** The rights screen's words (src/custom/rights), spread under `app` by fr.ts. */
export const rightsFr = {
  rights: {
    menu: 'Droits des rôles',
    title: 'Droits des rôles de %{structure}',
    title_any: 'Droits des rôles',
    intro:
      'Accordez ou retirez ce que chaque rôle de la structure peut faire, ressource par ressource. Une case non modifiée suit les droits par défaut de la plateforme.',
    choose_structure: 'Choisissez une structure dans le sélecteur pour voir et changer ses droits.',
    load_error: 'Les droits de cette structure n’ont pas pu être lus.',
    resource: 'Ressource',
    role: 'Rôle',
    own: 'les siens',
    changed: 'modifié',
    reset: 'Revenir au droit par défaut : %{cell}',
    cell: '%{role} — %{resource} — %{operation}',
    saved: 'Droit enregistré.',
    save_error: 'Le droit n’a pas été enregistré : %{reason}',
    operations: {
      list: 'Lister',
      get: 'Consulter',
      create: 'Créer',
      update: 'Modifier',
      delete: 'Supprimer',
    },
  },
};
