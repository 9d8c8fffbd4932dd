import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { Box, IconButton, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslate } from 'react-admin';
import { nodeKey, parseNodeKey, type NodeRef } from './outlineModel';
import { shownKeys } from './bulkSelection';
import { useOutlineActions } from './OutlineContext';
import { NodeMenu, type NodeMenuItem } from './NodeMenu';
import { RenameField } from './RenameField';

export interface RowContentProps {
  node: NodeRef;
  title: string;
  /** The title as stored, when the shown one stands in for none (an untitled part shows its type). */
  storedTitle?: string;
  icon: ReactNode;
  /** Shown after the title: a lock, a template mark. */
  badges?: ReactNode;
  /** The row's menu, after "Renommer". */
  menu: NodeMenuItem[];
  /** Undefined for a leaf (a part): no fold button. */
  open?: boolean;
  selected: boolean;
  /** Checked for a bulk action. */
  checked: boolean;
  dragging: boolean;
  /** The drag handle's wiring from dnd-kit's useSortable (stable between renders). */
  handle: {
    attributes: DraggableAttributes;
    listeners: DraggableSyntheticListeners;
    ref: (element: HTMLElement | null) => void;
  };
  onEditing: (editing: boolean) => void;
}

const TITLE_SX = {
  flex: 1,
  minWidth: 0,
  textAlign: 'left',
  border: 0,
  background: 'none',
  p: 0.5,
  cursor: 'pointer',
  font: 'inherit',
  color: 'text.primary',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/**
 * What a row shows: the drag handle, the fold button, the icon, the title (selects the node; F2 or a
 * double click renames it in place), the badges and the menu; a read-only course's, its fold and title. Memoised apart from the row's dnd-kit
 * wiring: dnd-kit re-renders every sortable row at each drag step, and those renders stop here.
 */
export const RowContent = memo(function RowContent({
  node,
  title,
  storedTitle,
  icon,
  badges,
  menu,
  open,
  selected,
  checked,
  dragging,
  handle,
  onEditing,
}: RowContentProps) {
  const translate = useTranslate();
  const { select, toggle, may, check, readOnly } = useOutlineActions();
  const mayEdit = may(node.kind, 'edit');
  const [editing, setEditing] = useState(false);
  const titleButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back on the title once the field closes, so that the keyboard user goes on from where they were.
  useEffect(() => {
    if (wasEditing.current && !editing) titleButton.current?.focus();
    wasEditing.current = editing;
    onEditing(editing);
  }, [editing, onEditing]);
  const kindLabel = translate(`app.outline.kind.${node.kind}`);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        minHeight: 40,
        pr: 0.5,
        borderRadius: 1,
        bgcolor: selected ? 'action.selected' : dragging ? 'action.hover' : undefined,
      }}
    >
      {!readOnly && (
        // A native checkbox: hundreds of rows each carry one, and Space, Shift-click and focus come with it.
        <Box
          component="input"
          type="checkbox"
          checked={checked}
          data-bulk-check
          aria-label={translate('app.outline.bulk.check', { title })}
          onChange={(event) => check(node, (event.nativeEvent as MouseEvent).shiftKey ? 'extend' : 'toggle')}
          onKeyDown={(event) => {
            if (!event.shiftKey || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
            event.preventDefault();
            const order = shownKeys(node.kind);
            const next = order[order.indexOf(nodeKey(node)) + (event.key === 'ArrowDown' ? 1 : -1)];
            const target = next === undefined ? undefined : parseNodeKey(next);
            if (!target) return;
            check(node, 'extend');
            check(target, 'extend');
            document.querySelector<HTMLElement>(`[data-node="${next}"] input[data-bulk-check]`)?.focus();
          }}
          sx={{ m: 0.75, width: 16, height: 16, flexShrink: 0, accentColor: (theme) => theme.palette.primary.main }}
        />
      )}
      {/* The browser's own tooltip: a MUI one opens on the focused handle and follows it, relaid out at
          every step of a keyboard drag. */}
      {mayEdit && (
        <IconButton
          ref={handle.ref}
          size="small"
          {...handle.attributes}
          {...handle.listeners}
          aria-label={translate('app.outline.drag_named', { kind: kindLabel, title })}
          title={translate('app.outline.drag')}
          sx={{ cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
      )}
      {open !== undefined ? (
        <IconButton
          size="small"
          aria-expanded={open}
          aria-label={translate(open ? 'app.outline.fold' : 'app.outline.unfold', { title })}
          onClick={() => toggle(node)}
        >
          {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
      ) : (
        <Box sx={{ width: 30, flexShrink: 0 }} />
      )}
      <Box sx={{ display: 'flex', color: 'text.secondary' }} aria-hidden>
        {icon}
      </Box>
      {editing ? (
        <RenameField
          node={node}
          initial={storedTitle ?? title}
          label={translate('app.outline.rename_label')}
          onDone={() => setEditing(false)}
        />
      ) : (
        <Typography
          ref={titleButton}
          component="button"
          type="button"
          onClick={(event) => {
            if (!readOnly && (event.ctrlKey || event.metaKey)) return check(node, 'toggle');
            if (!readOnly && event.shiftKey) return check(node, 'extend');
            select(selected ? undefined : node);
          }}
          onDoubleClick={mayEdit ? () => setEditing(true) : undefined}
          onKeyDown={(event) => {
            if (!mayEdit || event.key !== 'F2') return;
            event.preventDefault();
            setEditing(true);
          }}
          aria-pressed={selected}
          data-node-title
          aria-keyshortcuts={mayEdit ? 'F2' : undefined}
          sx={{ ...TITLE_SX, fontWeight: node.kind === 'module' ? 600 : undefined }}
        >
          {title}
        </Typography>
      )}
      {badges}
      <NodeMenu
        title={title}
        items={[{ label: 'app.outline.menu.rename', onClick: () => setEditing(true), when: mayEdit }, ...menu]}
      />
    </Box>
  );
});
