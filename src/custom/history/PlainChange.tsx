import { Typography } from '@mui/material';
import { isLongTextChange, isPlainObject, linesOf } from './changedValues';
import { TextDiff } from './lazyTextDiff';
import { SideBySide } from './SideBySide';
import { ValueView } from './ValueView';
import type { FieldSpec } from '../crud/fieldSpec';

/**
 * A value of a structured field (a part's question, options, links) before and after: texts and lists as
 * lines compared, a short value side by side.
 */
export function PlainChange({
  before,
  after,
  label,
  text = false,
  spec,
}: {
  before: unknown;
  after: unknown;
  label: string;
  /** A text of many lines (Markdown), compared by line however short. */
  text?: boolean;
  /** How the record's screens show this value, when a field of theirs holds the same (a message's author, status). */
  spec?: FieldSpec;
}) {
  const structured = [before, after].some((value) => Array.isArray(value) || isPlainObject(value));
  if (structured || isLongTextChange(before, after, text))
    return <TextDiff before={linesOf(before)} after={linesOf(after)} label={label} />;
  const shown = (value: unknown) =>
    value === null || value === undefined || value === '' || spec ? (
      <ValueView value={value} spec={spec} />
    ) : (
      <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
        {linesOf(value)}
      </Typography>
    );
  return <SideBySide before={shown(before)} after={shown(after)} />;
}
