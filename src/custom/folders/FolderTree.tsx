import { useState, type DragEvent } from 'react';
import { Box, Chip } from '@mui/material';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import { useTranslate } from 'react-admin';
import type { FolderNode } from '../../providers/actions';

const DRAG_TYPE = 'application/x-folder-id';

interface Props {
  tree: FolderNode;
  selected: number;
  expanded: string[];
  onSelect: (id: number) => void;
  onExpand: (ids: string[]) => void;
  /** A folder dropped on another: move it there. */
  onDrop: (folder: number, parent: number) => void;
}

/**
 * The tree of folders (@mui/x-tree-view), each with its count of sheets. A folder is dragged by its
 * label and dropped on another's; the community tree view has no reordering of its own, so the labels
 * carry the native drag-and-drop. The move dialog is the keyboard's way.
 */
export function FolderTree({ tree, selected, expanded, onSelect, onExpand, onDrop }: Props) {
  const translate = useTranslate();
  const [target, setTarget] = useState<number | undefined>();

  const label = (node: FolderNode) => {
    const dropHere = (event: DragEvent) => {
      event.preventDefault();
      setTarget(undefined);
      const dragged = Number(event.dataTransfer.getData(DRAG_TYPE));
      if (dragged && dragged !== node.id) onDrop(dragged, node.id);
    };
    return (
      <Box
        draggable={node.id !== tree.id}
        data-folder-id={node.id}
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, String(node.id));
          event.dataTransfer.effectAllowed = 'move';
        }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
          event.preventDefault();
          setTarget(node.id);
        }}
        onDragLeave={() => setTarget((current) => (current === node.id ? undefined : current))}
        onDrop={dropHere}
        sx={{
          display: 'flex', alignItems: 'center', gap: 1, py: 0.25, borderRadius: 1,
          outline: target === node.id ? 2 : 0, outlineColor: 'primary.main', outlineStyle: target === node.id ? 'dashed' : 'none',
        }}
      >
        <span>{node.name}</span>
        <Chip size="small" variant="outlined" label={translate('app.folders.sheets_count', { smart_count: node.sheets })} />
      </Box>
    );
  };

  const item = (node: FolderNode) => (
    <TreeItem key={node.id} itemId={String(node.id)} label={label(node)}>
      {node.children.map(item)}
    </TreeItem>
  );

  return (
    <SimpleTreeView
      aria-label={translate('app.folders.tree')}
      selectedItems={String(selected)}
      onSelectedItemsChange={(_, id) => id && onSelect(Number(id))}
      expandedItems={expanded}
      onExpandedItemsChange={(_, ids) => onExpand(ids)}
    >
      {item(tree)}
    </SimpleTreeView>
  );
}
