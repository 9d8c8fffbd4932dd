import { DEFAULT_TIME_ZONE } from './releases';
import { contentsFr } from './words/contents.fr';
import { peopleFr } from './words/people.fr';
import { RECORD_WORDS_FR } from './words/records.fr';

/**
 * A list's CSV as a French user opens it (the export's default): each column under the label the screens
 * show, which is also a header the CSV import reads; each value as the screens say it. The words are the
 * back-office's own (src/domain/words/), so a label is written once for the screens, the import and the
 * export. The raw format (`format=api`) keeps the API's field names and values, for re-import and scripts.
 */
export const CSV_FORMATS = ['fr', 'api'] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];
export const DEFAULT_CSV_FORMAT: CsvFormat = 'fr';

const RESOURCES: Record<string, { fields: Record<string, string> } | undefined> = {
  ...contentsFr.resources,
  ...peopleFr.resources,
};
const CHOICES: Record<string, Record<string | number, string>> = { ...contentsFr.choices, ...peopleFr.choices };

/** A column's header: the field's label on screen, else the label every list gives it, else its API name. */
export const frenchHeader = (resource: string, field: string): string =>
  RESOURCES[resource]?.fields[field] ?? RECORD_WORDS_FR[field] ?? field;

/** An enum value's label (`choices.<group>.<value>`), else the value itself. */
export const frenchChoice = (group: string, value: string | number): string => CHOICES[group]?.[value] ?? String(value);

/** The words of a flag: the CSV import reads them back. */
export const FRENCH_YES = 'Oui';
export const FRENCH_NO = 'Non';

/** Between the items of a list in one cell (references, roles): what the CSV import splits on. */
export const CSV_LIST_SEPARATOR = ' | ';

const FRENCH_DATE = new Intl.DateTimeFormat('fr-FR', {
  timeZone: DEFAULT_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as `jj/mm/aaaa hh:mm` in the platform's time zone (Paris), as French spreadsheets read it. */
export function frenchDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(FRENCH_DATE.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
