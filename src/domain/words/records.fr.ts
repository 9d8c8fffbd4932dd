import { STRUCTURE_FIELD } from '../tenancy';

/**
 * The labels of what every record has, whatever its resource: the structure's column and filter say it,
 * and a French export heads those columns with it when the resource's own words do not.
 */
export const RECORD_WORDS_FR: Readonly<Record<string, string>> = {
  id: 'ID',
  [STRUCTURE_FIELD]: 'Structure',
  createdAt: 'Création',
  updatedAt: 'Mise à jour',
};
