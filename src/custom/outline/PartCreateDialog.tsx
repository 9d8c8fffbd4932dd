import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, SaveButton, SimpleForm, TextInput, Toolbar, useTranslate, Button } from 'react-admin';
import { PartContentEditor } from '../chapterParts/PartContentEditor';
import { PartTypeInput } from '../chapterParts/PartTypeInput';
import { newPartValues } from '../chapterParts/registry';
import { validatePart } from '../chapterParts/validation';
import { useOutline } from './OutlineContext';

/**
 * A new part at the end of a chapter (no position sent: the server puts it after the last part, also one
 * created a moment ago that the tree on screen does not show yet): its type (the registry's, with the editor and preview of that
 * type), title and content, checked as typed like the part's own form; the server's 422 lands on the fields.
 */
export function PartCreateDialog({ chapter, onClose }: { chapter: number; onClose: () => void }) {
  const translate = useTranslate();
  const { refresh } = useOutline();
  const record = { chapter, title: '', ...newPartValues() };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="part-create-title">
      <DialogTitle id="part-create-title">{translate('app.outline.new_part')}</DialogTitle>
      <DialogContent sx={{ px: { xs: 0, sm: 1 } }}>
        <CreateBase
          resource="chapter-parts"
          record={record}
          redirect={false}
          mutationOptions={{
            onSuccess: () => {
              void refresh();
              onClose();
            },
          }}
        >
          <SimpleForm
            validate={validatePart}
            toolbar={
              <Toolbar sx={{ gap: 1 }}>
                <SaveButton label="app.outline.create_part" />
                <Button label="ra.action.cancel" onClick={onClose} />
              </Toolbar>
            }
          >
            <PartTypeInput />
            <TextInput source="title" label="resources.chapter-parts.fields.title" fullWidth />
            <PartContentEditor />
          </SimpleForm>
        </CreateBase>
      </DialogContent>
    </Dialog>
  );
}
