import { useLiveCheck } from '../shared/useLiveCheck';
import { ArrayInput, TextInput } from 'react-admin';
import { SortableIterator } from '../shared/SortableIterator';

const newLink = () => ({ label: '', url: '' });

/** Rows of label + address, added, removed and reordered by drag-and-drop (the keyboard too). */
export function LinksEditor() {
  useLiveCheck('content.links');
  return (
    <ArrayInput source="content.links" label="app.parts.fields.links">
      <SortableIterator newItem={newLink}>
        <TextInput source="label" label="app.parts.fields.label" helperText={false} />
        <TextInput source="url" label="app.parts.fields.url" type="url" helperText={false} />
      </SortableIterator>
    </ArrayInput>
  );
}
