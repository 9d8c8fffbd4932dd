import { MAX_SHORT_LENGTH } from '../../../domain/chapterPartContent';
import { TextAnswerEditor } from '../shared/TextAnswerEditor';

export function InteractiveTextEditor() {
  return <TextAnswerEditor limit={MAX_SHORT_LENGTH} />;
}
