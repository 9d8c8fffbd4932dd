import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { FieldRenderProps } from '../crud/fieldSpec';
import { PartPreview } from './PartPreview';
import { partTypeOf } from './registry';
import type { PartContent } from './types';

const MAX_SUMMARY = 80;

/** A part's content: one line in the list (the question, the address…), the learner's view elsewhere. */
export function PartContentField({ place }: FieldRenderProps) {
  const record = useRecordContext();
  if (!record) return null;
  if (place === 'show') return <PartPreview type={record.type} content={record.content} />;
  const content = record.content && typeof record.content === 'object' ? (record.content as PartContent) : {};
  const summary = partTypeOf(record.type)?.summary(content) ?? '';
  return (
    <Typography
      variant="body2"
      component="span"
      title={summary}
      sx={{ display: 'block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {summary.length > MAX_SUMMARY ? `${summary.slice(0, MAX_SUMMARY)}…` : summary}
    </Typography>
  );
}
