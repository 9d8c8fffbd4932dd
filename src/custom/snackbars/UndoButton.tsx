import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The "Annuler" action of an undoable snack; its click must not also count as a click on the snack. */
export function UndoButton({ onUndo }: { onUndo: () => void }) {
  const translate = useTranslate();
  return (
    <Button
      color="inherit"
      size="small"
      variant="outlined"
      onClick={(event) => {
        event.stopPropagation();
        onUndo();
      }}
    >
      {translate('app.snackbar.undo')}
    </Button>
  );
}
