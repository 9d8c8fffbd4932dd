import { OptionsPreview } from '../shared/OptionsPreview';
import type { PartPreviewProps } from '../types';

export function InteractiveSelectPreview({ content }: PartPreviewProps) {
  return <OptionsPreview content={content} multiple={false} />;
}
