import { Stack } from '@mui/material';
import { CANNED_REPLY_VARIABLES } from '../../domain/helpdesk';
import { VariableTextInput } from '../templates/VariableTextInput';

/** A canned reply's text, with the ticket's and the agent's variables to insert. */
export function CannedReplyBodyEditor({ source }: { source: string }) {
  return (
    <Stack spacing={1} sx={{ width: '100%', minWidth: 0 }}>
      <VariableTextInput source={source} variables={CANNED_REPLY_VARIABLES} />
    </Stack>
  );
}
