import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FolderNode } from '../../providers/actions';

/** Every folder of the tree, indented by depth: the keyboard's way to move a folder (drag-and-drop's twin). */
function flatten(node: FolderNode, depth = 0): { id: number; name: string; depth: number }[] {
  return [{ id: node.id, name: node.name, depth }, ...node.children.flatMap((child) => flatten(child, depth + 1))];
}

export function FolderMoveDialog({
  tree,
  folder,
  onSubmit,
  onClose,
}: {
  tree: FolderNode;
  folder: FolderNode;
  onSubmit: (parent: number) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [parent, setParent] = useState<number | ''>('');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="folder-move-title">
      <DialogTitle id="folder-move-title">{translate('app.folders.move_title', { name: folder.name })}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          label={translate('app.folders.destination')}
          value={parent}
          onChange={(event) => setParent(Number(event.target.value))}
        >
          {flatten(tree)
            .filter((option) => option.id !== folder.id)
            .map((option) => (
              <MenuItem key={option.id} value={option.id} sx={{ pl: 2 + option.depth * 2 }}>
                {option.name}
              </MenuItem>
            ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={parent === ''} onClick={() => parent !== '' && onSubmit(parent)}>
          {translate('app.folders.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
