import { OptionsPreview } from '../shared/OptionsPreview';
import type { PartPreviewProps } from '../types';

export function InteractiveSelectMultiPreview({ content }: PartPreviewProps) {
  return <OptionsPreview content={content} multiple />;
}
