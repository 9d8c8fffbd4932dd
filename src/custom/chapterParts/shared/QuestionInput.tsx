import { TextInput } from 'react-admin';

/** The question every interactive part asks. */
export function QuestionInput() {
  return <TextInput source="content.question" label="app.parts.fields.question" multiline fullWidth />;
}
