/** The shell's own words (side panel, snackbars), spread under `app` by fr.ts. */
export const shellFr = {
  side_panel: {
    close: 'Fermer le panneau',
    close_above: 'Fermer ce bloc',
    edit: 'Modifier',
    clear: 'Vider l’historique du panneau',
    no_details: 'Ce type d’objet n’a pas de fiche détaillée.',
    tabs: { infos: 'Infos', agenda: 'Agenda', notes: 'Notes', notifications: 'Notifications', history: 'Historique' },
  },
  snackbar: {
    undo: 'Annuler',
    close: 'Cliquer pour fermer',
  },
};
