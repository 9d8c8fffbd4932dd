import { useMemo, useState, type ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { nodeKey } from './outlineModel';
import { useOutlineActions } from './OutlineContext';
import { useRowView } from './outlineView';
import { RowContent, type RowContentProps } from './RowContent';

/** What the row shows is given through to RowContent; the rest of RowContent's props come from the row's state. */
interface OutlineRowProps extends Pick<RowContentProps, 'node' | 'title' | 'storedTitle' | 'icon' | 'badges' | 'menu'> {
  /** The node's children, drawn only while it is open; undefined for a leaf (a part). */
  renderChildren?: () => ReactNode;
}

/**
 * One node of the outline as a sortable item: a drag handle (pointer or keyboard: Space, arrows, Space),
 * and its children while it is open. While another kind of node is dragged, this one is a drop target
 * only if that kind may land on it (outlineModel.ACCEPTS). What it shows is RowContent, which renders
 * again for this node's own changes only.
 */
export function OutlineRow({ node, title, storedTitle, icon, badges, menu, renderChildren }: OutlineRowProps) {
  const { open: unfolded, selected, checked, refuses } = useRowView(node);
  const { may } = useOutlineActions();
  const [editing, setEditing] = useState(false);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: nodeKey(node),
    disabled: !may(node.kind, 'edit') || {
      draggable: editing,
      droppable: refuses,
    },
  });
  const handle = useMemo(
    () => ({ attributes, listeners, ref: setActivatorNodeRef }),
    [attributes, listeners, setActivatorNodeRef],
  );
  const open = unfolded && renderChildren !== undefined && !isDragging;
  // The children as drawn from this node's own data: dnd-kit renders every row again at each drag step and
  // at the drop, and those renders reuse them rather than drawing the list, its context and buttons again.
  const children = useMemo(() => (open ? renderChildren?.() : undefined), [open, renderChildren]);
  return (
    <li style={{ listStyle: 'none' }} data-node={nodeKey(node)}>
      <div
        ref={setNodeRef}
        style={{
          transform: CSS.Translate.toString(transform),
          transition,
          opacity: isDragging ? 0.7 : 1,
          position: 'relative',
          zIndex: isDragging ? 1 : undefined,
        }}
      >
        <RowContent
          node={node}
          title={title}
          storedTitle={storedTitle}
          icon={icon}
          badges={badges}
          menu={menu}
          open={renderChildren ? open : undefined}
          selected={selected}
          checked={checked}
          dragging={isDragging}
          handle={handle}
          onEditing={setEditing}
        />
      </div>
      {children}
    </li>
  );
}
