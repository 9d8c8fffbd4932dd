import { TextAnswerPreview } from '../shared/TextAnswerPreview';
import type { PartPreviewProps } from '../types';

export function InteractiveLongTextPreview({ content }: PartPreviewProps) {
  return <TextAnswerPreview content={content} long />;
}
