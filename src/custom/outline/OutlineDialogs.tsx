import { memo } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import type { OutlineDialog } from './OutlineContext';
import { PartCreateDialog, PrerequisitesDialog, ReleaseDialog, TemplateDialog } from './lazyPanels';
import type { NodeRef } from './outlineModel';
import { useNodeActions } from './useNodeActions';

/** One node's release date, saved as its own edit. */
function NodeReleaseDialog({
  dialog,
  onClose,
}: {
  dialog: Extract<OutlineDialog, { kind: 'release' }>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { setRelease } = useNodeActions();
  return (
    <ReleaseDialog
      title={translate('app.outline.release.title', { title: dialog.title })}
      initial={dialog.releaseAt}
      onClose={onClose}
      onSave={(releaseAt: string | null) => setRelease(dialog.node, releaseAt)}
    />
  );
}

/** One node's unpublished changes undone, once confirmed: there is no way back. */
function NodeDiscardDialog({
  dialog,
  onClose,
}: {
  dialog: Extract<OutlineDialog, { kind: 'discard' }>;
  onClose: () => void;
}) {
  const { discardNode } = useNodeActions();
  return (
    <Confirm
      isOpen
      title="app.outline.draft.node_confirm_title"
      content="app.outline.draft.node_confirm_content"
      translateOptions={{ title: dialog.title }}
      confirm="app.outline.draft.discard"
      cancel="app.outline.draft.confirm_keep"
      confirmColor="warning"
      onConfirm={() => {
        onClose();
        void discardNode(dialog.node).catch(() => undefined);
      }}
      onClose={onClose}
    />
  );
}

/**
 * The one dialog the outline has open, if any. A module or chapter with children is confirmed before it
 * goes (its whole subtree goes with it); the delete itself can still be undone from its snack.
 */
export const OutlineDialogs = memo(function OutlineDialogs({
  dialog,
  onClose,
  remove,
}: {
  dialog?: OutlineDialog;
  onClose: () => void;
  remove: (node: NodeRef) => void;
}) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'part':
      return <PartCreateDialog chapter={dialog.chapter} onClose={onClose} />;
    case 'template':
      return (
        <TemplateDialog
          resource={dialog.resource}
          parent={dialog.parent}
          position={dialog.position}
          onClose={onClose}
        />
      );
    case 'prerequisites':
      return <PrerequisitesDialog chapter={dialog.chapter} onClose={onClose} />;
    case 'release':
      return <NodeReleaseDialog dialog={dialog} onClose={onClose} />;
    case 'discard':
      return <NodeDiscardDialog dialog={dialog} onClose={onClose} />;
    case 'delete':
      return (
        <Confirm
          isOpen
          title={`app.outline.delete.${dialog.node.kind}`}
          content="app.outline.delete.content"
          translateOptions={{ title: dialog.title }}
          confirm="ra.action.delete"
          confirmColor="warning"
          onConfirm={() => {
            onClose();
            remove(dialog.node);
          }}
          onClose={onClose}
        />
      );
  }
});
