import { useRecordContext } from 'react-admin';
import { MarkdownView } from './MarkdownView';

/** A record's Markdown field, rendered (the sheet's show screen). */
export function MarkdownField({ source = 'content' }: { source?: string }) {
  const record = useRecordContext();
  const value = record?.[source];
  return typeof value === 'string' ? <MarkdownView source={value} /> : null;
}
