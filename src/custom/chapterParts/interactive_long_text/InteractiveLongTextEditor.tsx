import { MAX_TEXT_LENGTH } from '../../../domain/chapterPartContent';
import { TextAnswerEditor } from '../shared/TextAnswerEditor';

export function InteractiveLongTextEditor() {
  return <TextAnswerEditor limit={MAX_TEXT_LENGTH} />;
}
