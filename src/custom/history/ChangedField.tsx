import { Box, Typography } from '@mui/material';
import { useTranslate, useTranslateLabel, type RaRecord } from 'react-admin';
import type { FieldChange } from '../../domain/audit';
import { STRUCTURE_FIELD } from '../../domain/tenancy';
import type { FieldSpec } from '../crud/fieldSpec';
import { STRUCTURE_LABEL } from '../crud/structureField';
import '../chapterParts/messages';
import { isLongTextChange, isPlainObject, snakeCase } from './changedValues';
import { TextDiff } from './lazyTextDiff';
import { ObjectChange } from './ObjectChange';
import { SideBySide } from './SideBySide';
import { ValueView } from './ValueView';
import './messages';

interface StructuredField {
  /** Where (under `app.`) its keys are named. */
  labels: string;
  /** Its keys that hold a text of many lines (Markdown, notes): compared by line however short. */
  texts: readonly string[];
  /** Its keys that read as the record's own fields of that name (a message's author and status, as the ticket's). */
  asFields?: readonly string[];
}

/**
 * The structured fields whose keys have names: a chapter part's content, as its editor names them; a ticket's
 * message, its author by name and its status in words.
 */
const STRUCTURED: Readonly<Record<string, Readonly<Record<string, StructuredField>>>> = {
  'chapter-parts': { content: { labels: 'parts.fields', texts: ['markdown', 'text'] } },
  tickets: { messages: { labels: 'tickets.message_fields', texts: ['body'], asFields: ['author', 'status'] } },
};

/**
 * One field of a change, under its label: a structured value key by key, a long text (Markdown, a
 * description) as lines compared, anything else before and after side by side, as the side panel shows it.
 */
export function ChangedField({
  resource,
  field,
  change,
  spec,
  record,
  created = false,
  specOf,
}: {
  resource: string;
  field: string;
  change: FieldChange;
  spec?: FieldSpec;
  /** How the resource's screens show each of its fields. */
  specOf?: (source: string) => FieldSpec | undefined;
  record?: RaRecord;
  /** The record's creation: its values, with nothing before them to compare. */
  created?: boolean;
}) {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  // The row's structure is named as the lists name it.
  const label =
    field === STRUCTURE_FIELD ? translate(STRUCTURE_LABEL) : String(translateLabel({ source: field, resource }));
  const { before, after } = change;
  const structure = STRUCTURED[resource]?.[field];
  const labelOf = (key: string) =>
    translate(`app.${structure?.labels}.${snakeCase(key)}`, {
      _: translate(`app.history.content_fields.${snakeCase(key)}`, { _: key }),
    });
  const structured =
    (isPlainObject(before) || isPlainObject(after)) &&
    (isPlainObject(before) || before == null) &&
    (isPlainObject(after) || after == null);
  let shown;
  // A secret (a password, a token): that it changed, never its values.
  if (change.hidden)
    shown = (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {translate('app.history.hidden_value')}
      </Typography>
    );
  else if (structured)
    shown = (
      <ObjectChange
        before={before}
        after={after}
        labelOf={structure ? labelOf : (key) => key}
        texts={structure?.texts ?? []}
        specOf={(key) => (structure?.asFields?.includes(key) ? specOf?.(key) : undefined)}
      />
    );
  else if (isLongTextChange(before, after, spec?.kind === 'longText' || spec?.editor !== undefined))
    shown = <TextDiff before={String(before ?? '')} after={String(after ?? '')} label={label} />;
  else if (created) shown = <ValueView spec={spec} value={after} record={record} />;
  else
    shown = (
      <SideBySide
        before={<ValueView spec={spec} value={before} record={record} />}
        after={<ValueView spec={spec} value={after} record={record} />}
      />
    );
  return (
    <Box component="section" data-field={field} aria-label={label} sx={{ display: 'flex', flexDirection: 'column' }}>
      <Typography component="h4" variant="subtitle2">
        {label}
      </Typography>
      {shown}
    </Box>
  );
}
