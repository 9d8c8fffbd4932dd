/** The library's words (documents, XMind imports), spread under `app` by fr.ts. */
export const libraryFr = {
  library: {
    upload: {
      drop: 'Déposez des fichiers ici ou',
      choose: 'Choisir des fichiers',
      zone: 'Zone de dépôt de fichiers',
      progress: 'Envoi de %{name}',
      cancel: 'Annuler l’envoi de %{name}',
      done: '%{name} est enregistré.',
      canceled: 'Envoi annulé.',
      too_large: 'Le fichier est trop volumineux pour être accepté.',
      unsupported: 'Ce type de fichier n’est pas accepté.',
      failed: 'L’envoi a échoué : %{message}',
    },
    size: { B: '%{n} o', KB: '%{n} Ko', MB: '%{n} Mo', GB: '%{n} Go' },
    download: 'Télécharger %{name}',
    preview: 'Aperçu de %{name}',
    preview_title: 'Aperçu',
    no_preview: 'Pas d’aperçu pour ce type de fichier : téléchargez-le pour l’ouvrir.',
    close: 'Fermer',
    xmind: {
      choose: 'Importer une carte XMind',
      importing: 'Import de %{name}',
      done: 'Version %{version} importée : %{folders} dossiers, %{sheets} fiches.',
      invalid: 'Ce fichier n’est pas une carte XMind lisible : %{message}',
      activate: 'Activer',
      activate_label: 'Activer la version %{version}',
      activated: 'La version %{version} est maintenant l’arborescence active.',
      summary: '%{folders} dossiers, %{sheets} fiches',
    },
  },
};
