import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { changedKeys, isPlainObject } from './changedValues';
import { PlainChange } from './PlainChange';
import type { FieldSpec } from '../crud/fieldSpec';
import './messages';

/**
 * A structured field's change (a chapter part's `content`, a ticket's new message) key by key: only the keys
 * whose value changed, each under its own label.
 */
export function ObjectChange({
  before,
  after,
  labelOf,
  texts,
  specOf,
}: {
  before: unknown;
  after: unknown;
  labelOf: (key: string) => string;
  /** Keys holding a text of many lines. */
  texts: readonly string[];
  /** How a key's value reads, where the record's screens have a field of that kind. */
  specOf?: (key: string) => FieldSpec | undefined;
}) {
  const translate = useTranslate();
  const keys = changedKeys(before, after);
  const older = isPlainObject(before) ? before : {};
  const newer = isPlainObject(after) ? after : {};
  if (keys.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.history.no_visible_change')}
      </Typography>
    );
  return (
    <Box component="dl" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {keys.map((key) => (
        <Box key={key} data-content-key={key} sx={{ pl: 1, borderLeft: 2, borderColor: 'divider' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
            {labelOf(key)}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <PlainChange
              before={older[key]}
              after={newer[key]}
              label={labelOf(key)}
              text={texts.includes(key)}
              spec={specOf?.(key)}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
