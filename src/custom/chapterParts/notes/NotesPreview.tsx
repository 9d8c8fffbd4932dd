import { Typography } from '@mui/material';
import { EmptyPreview } from '../shared/EmptyPreview';
import { textOf, type PartPreviewProps } from '../types';

/** Plain text, line breaks kept: React writes it as text, never as HTML. */
export function NotesPreview({ content }: PartPreviewProps) {
  const text = textOf(content.text);
  if (!text.trim()) return <EmptyPreview />;
  return <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>;
}
