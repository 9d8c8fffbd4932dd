/** The import of a CSV file into a list (users, tags, skills), spread under `app` by fr.ts. */
export const csvImportFr = {
  csv_import: {
    button: 'Importer',
    title: 'Importer des %{name}',
    intro:
      'Choisissez un fichier CSV (séparé par des points-virgules ou des virgules, enregistré en UTF-8) dont la première ligne nomme les colonnes. Chaque ligne est vérifiée avant l’import : tout est importé, ou rien.',
    choose: 'Choisir un fichier CSV',
    choose_again: 'Choisir un autre fichier',
    choose_structure: 'Choisissez d’abord une structure dans la barre du haut : les %{name} importés y seront ajoutés.',
    none: 'Aucun fichier choisi.',
    chosen: 'Fichier : %{name}',
    ignored: 'Colonnes ignorées : %{columns}',
    ready: '%{smart_count} ligne prête à être importée. |||| %{smart_count} lignes prêtes à être importées.',
    refused:
      '%{smart_count} ligne sur %{total} est à corriger : corrigez le fichier puis choisissez-le à nouveau. |||| %{smart_count} lignes sur %{total} sont à corriger : corrigez le fichier puis choisissez-le à nouveau.',
    line: 'Ligne %{line} :',
    preview: 'Aperçu des lignes du fichier',
    line_column: 'Ligne',
    problems_column: 'Problèmes',
    row_ok: 'Prête',
    submit: 'Importer',
    importing: 'Import en cours…',
    done: '%{smart_count} ligne importée (%{invited} invitation envoyée). |||| %{smart_count} lignes importées (%{invited} invitations envoyées).',
    not_invited:
      '%{smart_count} invitation n’a pas pu être envoyée : renvoyez-la depuis la page de l’utilisateur. |||| %{smart_count} invitations n’ont pas pu être envoyées : renvoyez-les depuis la page des utilisateurs.',
    file: {
      too_large: 'Ce fichier est trop volumineux : %{max} Ko au plus.',
      too_many: 'Ce fichier a trop de lignes : %{max} au plus par import. Découpez-le en plusieurs fichiers.',
      empty: 'Ce fichier est vide : sa première ligne doit nommer les colonnes.',
      no_field: 'Aucune colonne de ce fichier ne correspond à un champ : nommez-les comme les colonnes de la liste.',
      no_rows: 'Ce fichier n’a aucune ligne à importer sous ses en-têtes.',
    },
  },
};
