import { useState, type DragEvent } from 'react';
import { Box, Chip } from '@mui/material';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import { useTranslate } from 'react-admin';
import type { FolderNode } from '../../providers/actions';

const DRAG_TYPE = 'application/x-folder-id';

/** Where a dragged folder goes, from where it is dropped on another's label. */
export type DropZone = 'before' | 'into' | 'after';

/** The label's top and bottom quarters place the folder beside; the middle puts it inside. */
function zoneAt(event: DragEvent, isRoot: boolean): DropZone {
  if (isRoot) return 'into';
  const box = event.currentTarget.getBoundingClientRect();
  const at = (event.clientY - box.top) / (box.height || 1);
  return at < 0.25 ? 'before' : at > 0.75 ? 'after' : 'into';
}

interface Props {
  tree: FolderNode;
  selected: number;
  expanded: string[];
  onSelect: (id: number) => void;
  onExpand: (ids: string[]) => void;
  /** A folder dropped on another: inside it, or just before or after it (reordering among siblings). */
  onDrop: (folder: number, target: number, zone: DropZone) => void;
}

/**
 * The tree of folders (@mui/x-tree-view), each with its count of sheets. A folder is dragged by its
 * label and dropped on another's: on its middle to go inside it, on its top or bottom edge to go just
 * before or after it. The community tree view has no reordering of its own, so the labels carry the
 * native drag-and-drop. The move dialog and the up / down buttons are the keyboard's way.
 */
export function FolderTree({ tree, selected, expanded, onSelect, onExpand, onDrop }: Props) {
  const translate = useTranslate();
  const [target, setTarget] = useState<{ id: number; zone: DropZone } | undefined>();

  const label = (node: FolderNode) => {
    const isRoot = node.id === tree.id;
    const dropHere = (event: DragEvent) => {
      event.preventDefault();
      setTarget(undefined);
      const dragged = Number(event.dataTransfer.getData(DRAG_TYPE));
      if (dragged && dragged !== node.id) onDrop(dragged, node.id, zoneAt(event, isRoot));
    };
    const zone = target?.id === node.id ? target.zone : undefined;
    return (
      <Box
        draggable={!isRoot}
        data-folder-id={node.id}
        data-drop-zone={zone}
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, String(node.id));
          event.dataTransfer.effectAllowed = 'move';
        }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
          event.preventDefault();
          const at = zoneAt(event, isRoot);
          if (target?.id !== node.id || target.zone !== at) setTarget({ id: node.id, zone: at });
        }}
        onDragLeave={() => setTarget((current) => (current?.id === node.id ? undefined : current))}
        onDrop={dropHere}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          py: 0.25,
          borderRadius: 1,
          outline: zone === 'into' ? 2 : 0,
          outlineColor: 'primary.main',
          outlineStyle: zone === 'into' ? 'dashed' : 'none',
          borderTop: '3px solid',
          borderBottom: '3px solid',
          borderTopColor: zone === 'before' ? 'primary.main' : 'transparent',
          borderBottomColor: zone === 'after' ? 'primary.main' : 'transparent',
        }}
      >
        <span>{node.name}</span>
        <Chip
          size="small"
          variant="outlined"
          label={translate('app.folders.sheets_count', { smart_count: node.sheets })}
        />
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
