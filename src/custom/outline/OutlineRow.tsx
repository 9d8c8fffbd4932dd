import type { ReactNode } from 'react';
import { useDndContext } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslate } from 'react-admin';
import { ACCEPTS, nodeKey, parseNodeKey, type NodeRef } from './outlineModel';
import { useOutline } from './OutlineContext';

interface OutlineRowProps {
  node: NodeRef;
  title: string;
  icon: ReactNode;
  /** Shown after the title: a lock, a template mark. */
  badges?: ReactNode;
  /** The row's menu button. */
  menu: ReactNode;
  /** Children, when the node has some and is open; undefined for a leaf (a part). */
  children?: ReactNode;
  expandable?: boolean;
}

/**
 * One node of the outline: a drag handle (pointer or keyboard: Space, arrows, Space), the fold button, the
 * type's icon and the title, which selects the node for the preview and comments. While another kind of
 * node is dragged, this one is a drop target only if that kind may land on it (outlineModel.ACCEPTS).
 */
export function OutlineRow({ node, title, icon, badges, menu, children, expandable }: OutlineRowProps) {
  const translate = useTranslate();
  const { selected, select, isOpen, toggle } = useOutline();
  const { active } = useDndContext();
  const dragged = active ? parseNodeKey(active.id) : undefined;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: nodeKey(node),
    disabled: { draggable: false, droppable: dragged !== undefined && !ACCEPTS[dragged.kind].includes(node.kind) },
  });
  const open = expandable && isOpen(node) && !isDragging;
  const isSelected = selected?.kind === node.kind && selected.id === node.id;
  const kindLabel = translate(`app.outline.kind.${node.kind}`);
  return (
    <Box component="li" sx={{ listStyle: 'none' }} data-node={nodeKey(node)}>
      <Box
        ref={setNodeRef}
        style={{ transform: CSS.Translate.toString(transform), transition }}
        sx={{
          display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 40, pr: 0.5, borderRadius: 1,
          bgcolor: isSelected ? 'action.selected' : isDragging ? 'action.hover' : undefined,
          opacity: isDragging ? 0.7 : 1, position: 'relative', zIndex: isDragging ? 1 : undefined,
        }}
      >
        <Tooltip title={translate('app.outline.drag')}>
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            {...attributes}
            {...listeners}
            aria-label={translate('app.outline.drag_named', { kind: kindLabel, title })}
            sx={{ cursor: 'grab', touchAction: 'none' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {expandable ? (
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
        <Typography
          component="button"
          type="button"
          onClick={() => select(isSelected ? undefined : node)}
          aria-pressed={isSelected}
          sx={{
            flex: 1, minWidth: 0, textAlign: 'left', border: 0, background: 'none', p: 0.5, cursor: 'pointer', font: 'inherit',
            color: 'text.primary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap',
            fontWeight: node.kind === 'module' ? 600 : undefined,
          }}
        >
          {title}
        </Typography>
        {badges}
        {menu}
      </Box>
      {open && children}
    </Box>
  );
}
