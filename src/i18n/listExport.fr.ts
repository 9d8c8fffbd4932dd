import { EXPORT_MAX_ROWS } from '../domain/csvExport';

/** A list's CSV export ("Exporter" above every list), spread under `app` by fr.ts. */
export const listExportFr = {
  list_export: {
    busy: 'Export en cours…',
    more: "Choisir le format de l'export",
    french: 'Tableur en français (libellés, dates et valeurs lisibles)',
    api: "Format de l'API (champs bruts, pour un réimport ou une intégration)",
    failed: "L'export n'a pas pu être fait. Veuillez réessayer.",
    too_large: `Trop de lignes pour un export : ${EXPORT_MAX_ROWS.toLocaleString('fr-FR')} au plus. Filtrez la liste d'abord.`,
  },
};
