/** A structure's data whole, exported or deleted by platform staff, spread under `app` by fr.ts. */
export const structureDataFr = {
  structure_data: {
    export: {
      button: 'Exporter les données',
      done: 'Données de la structure exportées.',
    },
    delete: {
      button: 'Supprimer la structure',
      title: 'Supprimer « %{name} » ?',
      content:
        'La structure est supprimée pour de bon, avec ses utilisateurs (et leurs sessions), ses cours, ses tickets et tous ses fichiers. Exportez ses données d’abord si elles doivent être gardées. Cette action est irréversible.',
      confirm: 'Supprimer définitivement',
      done: 'Structure « %{name} » supprimée.',
    },
  },
};
