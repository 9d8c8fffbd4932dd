import { EmptyPreview } from '../shared/EmptyPreview';
import { MarkdownView } from '../../markdown/MarkdownView';
import { textOf, type PartPreviewProps } from '../types';

export function TextMarkdownPreview({ content }: PartPreviewProps) {
  const markdown = textOf(content.markdown);
  return markdown.trim() ? <MarkdownView source={markdown} /> : <EmptyPreview />;
}
