import { useRef } from 'react';
import { TextInput } from 'react-admin';
import { MarkdownToolbar } from './MarkdownToolbar';

export function TextMarkdownEditor() {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <MarkdownToolbar source="content.markdown" inputRef={inputRef} />
      <TextInput
        source="content.markdown"
        label="app.parts.fields.markdown"
        multiline
        minRows={8}
        fullWidth
        inputRef={inputRef}
        sx={{ '& textarea': { fontFamily: 'monospace' } }}
      />
    </>
  );
}
