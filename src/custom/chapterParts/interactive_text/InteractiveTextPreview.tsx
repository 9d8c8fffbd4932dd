import { TextAnswerPreview } from '../shared/TextAnswerPreview';
import type { PartPreviewProps } from '../types';

export function InteractiveTextPreview({ content }: PartPreviewProps) {
  return <TextAnswerPreview content={content} long={false} />;
}
