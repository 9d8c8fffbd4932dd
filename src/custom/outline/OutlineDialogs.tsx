import { Confirm } from 'react-admin';
import { useState } from 'react';
import type { OutlineDialog } from './OutlineContext';
import { PartCreateDialog } from './PartCreateDialog';
import { PrerequisitesDialog } from './PrerequisitesDialog';
import { TemplateDialog } from './TemplateDialog';
import { useNodeActions } from './useNodeActions';

/** The one dialog the outline has open, if any. */
export function OutlineDialogs({ dialog, onClose }: { dialog?: OutlineDialog; onClose: () => void }) {
  const { remove } = useNodeActions();
  const [deleting, setDeleting] = useState(false);
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'part':
      return <PartCreateDialog chapter={dialog.chapter} position={dialog.position} onClose={onClose} />;
    case 'template':
      return <TemplateDialog resource={dialog.resource} parent={dialog.parent} position={dialog.position} onClose={onClose} />;
    case 'prerequisites':
      return <PrerequisitesDialog chapter={dialog.chapter} onClose={onClose} />;
    case 'delete':
      return (
        <Confirm
          isOpen
          loading={deleting}
          title={`app.outline.delete.${dialog.node.kind}`}
          content="app.outline.delete.content"
          translateOptions={{ title: dialog.title }}
          confirm="ra.action.delete"
          confirmColor="warning"
          onConfirm={async () => {
            setDeleting(true);
            try {
              await remove(dialog.node);
            } catch {
              // The snackbar says why; the node is still there.
            } finally {
              setDeleting(false);
              onClose();
            }
          }}
          onClose={onClose}
        />
      );
  }
}
