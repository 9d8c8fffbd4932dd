import { Fragment, memo } from 'react';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box, Button, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { useCreatePath, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ChapterNode } from './ChapterNode';
import { InlineAdd } from './InlineAdd';
import { OutlineRow } from './OutlineRow';
import { DraftMark } from './DraftMark';
import { ReleaseMark } from './ReleaseMark';
import { isScheduled } from '../../domain/releases';
import { useOutlineActions } from './OutlineContext';
import type { OutlineModule } from '../../domain/outline';
import { nodeKey } from './outlineModel';
import { useAddingIn } from './outlineView';
import { useNodeActions } from './useNodeActions';

/**
 * A module and, once unfolded, its chapters, with the inline field of a chapter being added among them.
 * Memoised on its module: a move elsewhere in the course keeps this module's object, and this row.
 */
export const ModuleNode = memo(function ModuleNode({ module }: { module: OutlineModule }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const { courseId, openDialog, setAdding, remove, may } = useOutlineActions();
  const { duplicate, setTemplate } = useNodeActions();
  const addingHere = useAddingIn('chapter', module.id);
  const node = { kind: 'module', id: module.id } as const;
  const after = module.position + 1;
  const inlineAt = (index: number) =>
    addingHere && Math.min(addingHere.position, module.chapters.length) === index && <InlineAdd at={addingHere} />;
  return (
    <OutlineRow
      node={node}
      title={module.title}
      icon={<ViewModuleIcon fontSize="small" />}
      badges={
        <>
          {isScheduled(module.releaseAt) && <ReleaseMark releaseAt={module.releaseAt as string} />}
          <DraftMark kind="module" id={module.id} />
          {module.isTemplate && <Chip size="small" label={translate('app.outline.template')} />}
        </>
      }
      menu={[
        {
          label: 'app.outline.menu.add_chapter',
          onClick: () => setAdding({ kind: 'chapter', parent: module.id, position: module.chapters.length }),
          when: may('chapter', 'create'),
        },
        {
          label: 'app.outline.menu.add_module_after',
          onClick: () => setAdding({ kind: 'module', parent: courseId, position: after }),
          when: may('module', 'create'),
        },
        {
          label: 'app.outline.menu.template_module_after',
          onClick: () => openDialog({ kind: 'template', resource: 'modules', parent: courseId, position: after }),
          when: may('module', 'create'),
        },
        {
          label: 'app.outline.menu.duplicate',
          onClick: () => void duplicate(node, after).catch(() => undefined),
          when: may('module', 'create'),
        },
        {
          label: module.isTemplate ? 'app.outline.menu.unmark_template' : 'app.outline.menu.mark_template',
          onClick: () => void setTemplate(node, !module.isTemplate).catch(() => undefined),
          when: may('module', 'edit'),
        },
        {
          label: 'app.outline.release.action',
          onClick: () =>
            openDialog({ kind: 'release', node, title: module.title, releaseAt: module.releaseAt ?? null }),
          when: may('module', 'edit'),
        },
        {
          label: 'app.outline.menu.edit',
          onClick: () => navigate(createPath({ resource: 'modules', id: module.id, type: 'edit' })),
          when: may('module', 'edit'),
        },
        {
          label: 'app.outline.menu.delete',
          onClick: () => remove(node, module.title, module.chapters.length > 0),
          when: may('module', 'delete'),
        },
      ]}
      renderChildren={() => (
        <Box
          component="ul"
          sx={{ pl: 3, my: 0 }}
          aria-label={translate('app.outline.chapters_of', { title: module.title })}
        >
          <SortableContext
            items={module.chapters.map((chapter) => nodeKey({ kind: 'chapter', id: chapter.id }))}
            strategy={verticalListSortingStrategy}
          >
            {module.chapters.map((chapter, index) => (
              <Fragment key={chapter.id}>
                {inlineAt(index)}
                <ChapterNode chapter={chapter} module={module.id} />
              </Fragment>
            ))}
          </SortableContext>
          {inlineAt(module.chapters.length)}
          {may('chapter', 'create') && (
            <Box component="li" sx={{ listStyle: 'none', pl: 4, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() => setAdding({ kind: 'chapter', parent: module.id, position: module.chapters.length })}
              >
                {translate('app.outline.add_chapter')}
              </Button>
              <Button
                size="small"
                onClick={() =>
                  openDialog({
                    kind: 'template',
                    resource: 'chapters',
                    parent: module.id,
                    position: module.chapters.length,
                  })
                }
              >
                {translate('app.outline.insert_template_chapter')}
              </Button>
            </Box>
          )}
        </Box>
      )}
    />
  );
});
