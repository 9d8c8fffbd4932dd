import { useMemo, type ReactNode } from 'react';
import { Box, IconButton } from '@mui/material';
import DeleteIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { SourceContextProvider, useSourceContext, useTranslate } from 'react-admin';

interface Props {
  id: string;
  index: number;
  onRemove: () => void;
  children: ReactNode;
}

/**
 * One row of a sortable list of inputs: a handle that drags it (pointer, or Space and the arrow keys
 * once focused), its inputs with sources relative to the row, and its remove button.
 */
export function SortableRow({ id, index, onRemove, children }: Props) {
  const translate = useTranslate();
  const parent = useSourceContext();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  // What react-admin's iterator does for each item: `label` here is `content.links.<index>.label`.
  const source = useMemo(
    () => ({
      getSource: (name: string) => parent.getSource(name ? `${index}.${name}` : `${index}`),
      getLabel: parent.getLabel,
    }),
    [index, parent],
  );
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-testid="sortable-row"
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        py: 0.5,
        listStyle: 'none',
        bgcolor: 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? 3 : undefined,
        borderRadius: 1,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        sx={{ mt: 1, cursor: 'grab', touchAction: 'none' }}
        aria-label={translate('app.parts.sortable.handle', { position: index + 1 })}
        {...attributes}
        {...listeners}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flex: 1, minWidth: 0, '& > *': { flex: '1 1 180px' } }}>
        <SourceContextProvider value={source}>{children}</SourceContextProvider>
      </Box>
      <IconButton
        size="small"
        sx={{ mt: 1 }}
        onClick={onRemove}
        aria-label={translate('app.parts.sortable.remove', { position: index + 1 })}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
