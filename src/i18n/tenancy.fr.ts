import { STRUCTURE_FIELD } from '../domain/tenancy';
import { RECORD_WORDS_FR } from '../domain/words/records.fr';

/** The structures' words (switcher, structure column and filter, the catalogue), spread under `app` by fr.ts. */
export const tenancyFr = {
  tenancy: {
    structure: RECORD_WORDS_FR[STRUCTURE_FIELD],
    all_structures: 'Toutes les structures',
    catalogue: 'Catalogue',
    platform: 'Plateforme',
    switcher: {
      button: '%{name} — changer de structure',
      dialog: 'Choisir la structure',
      search: 'Rechercher une structure',
      more: '%{smart_count} structure : tapez pour chercher |||| %{smart_count} structures : tapez pour chercher',
      none: 'Aucune structure ne correspond.',
      loading: 'Chargement…',
      switched: 'Vous travaillez dans : %{name}',
    },
    empty_structure: {
      catalogue: 'Vide : le catalogue de la plateforme.',
      platform: 'Vide : la plateforme elle-même.',
      user: 'Obligatoire, sauf pour un super administrateur (équipe de la plateforme).',
    },
    copy: {
      button: 'Copier dans ma structure',
      named: 'Copier dans ma structure « %{title} »',
      done: 'Cours copié dans votre structure : vous pouvez le modifier.',
    },
    read_only: {
      title: 'Cours du catalogue',
      text: 'Ce cours appartient au catalogue de la plateforme : il se consulte sans se modifier. Copiez-le dans votre structure pour l’adapter.',
    },
  },
};
