import { Chip } from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useTranslate } from 'react-admin';
import type { NodeKind } from './outlineModel';
import { useDraftChanged } from './useDraftState';

/**
 * A node of a published course whose draft differs from what learners get (changed, new, moved, or holding
 * a removed node): "Modifié", said in full to whoever points at it or reads it aloud. Nothing otherwise.
 */
export function DraftMark({ kind, id }: { kind: NodeKind; id: number }) {
  const translate = useTranslate();
  const changed = useDraftChanged(kind, id);
  if (!changed) return null;
  const said = translate('app.outline.draft.changed');
  return (
    <Chip
      size="small"
      variant="outlined"
      // The text keeps the row's own colour, readable on a selected row's shade; the icon says "changed".
      icon={<EditNoteIcon color="warning" />}
      label={translate('app.outline.draft.node_mark')}
      title={said}
      aria-label={said}
      data-draft-mark
    />
  );
}
