/** A course's new session, export and import, spread under `app` by fr.ts. */
export const courseTransferFr = {
  course_transfer: {
    rerun: {
      button: 'Nouvelle session',
      named: 'Nouvelle session de « %{title} »',
      dialog: 'Nouvelle session du cours',
      intro:
        'Le cours est copié en entier (modules, chapitres, parties, étiquettes, compétences, fichiers, prérequis) en brouillon.',
      title: 'Titre de la nouvelle session',
      default_title: '%{title} (nouvelle session)',
      dates: 'Dates du cours',
      dates_clear: 'Effacer les dates',
      dates_shift: 'Décaler les dates',
      offset: 'Décalage (en jours)',
      offset_help: 'Un nombre de jours, négatif pour avancer les dates.',
      offset_invalid: 'Saisissez un nombre entier de jours entre -%{max} et %{max}.',
      title_invalid: 'Saisissez un titre de 255 caractères au plus.',
      submit: 'Créer la session',
      done: 'Nouvelle session créée : vous pouvez la modifier.',
    },
    export: {
      button: 'Exporter',
      named: 'Exporter « %{title} »',
      done: 'Cours exporté.',
    },
    import: {
      button: 'Importer un cours',
      dialog: 'Importer un cours',
      intro:
        'Choisissez un fichier .zip exporté d’un cours. Il devient un nouveau cours en brouillon de votre structure.',
      choose: 'Choisir un fichier',
      chosen: 'Fichier choisi : %{name}',
      none: 'Aucun fichier choisi.',
      submit: 'Importer',
      busy: 'Import en cours…',
      refused: 'Le fichier a été refusé :',
      // Where a problem is: the file sent itself, or a place inside the archive (its path as the server names it).
      where_file: 'Fichier envoyé',
      where_archive: 'Dans l’archive : %{path}',
      done: 'Cours importé : vous pouvez le modifier.',
    },
  },
};
