import { Fragment, memo, useMemo } from 'react';
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
import { useDraftChanged } from './useDraftState';

const MODULE_ICON = <ViewModuleIcon fontSize="small" />;

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
  const { id, title, isTemplate, releaseAt, position } = module;
  const chapters = module.chapters.length;
  const node = useMemo(() => ({ kind: 'module', id }) as const, [id]);
  const changed = useDraftChanged('module', id);
  const inlineAt = (index: number) =>
    addingHere && Math.min(addingHere.position, module.chapters.length) === index && <InlineAdd at={addingHere} />;
  // The row's badges and menu from the module's own fields, not its chapters: a chapter moved inside this
  // module gives it a new object, and this row's content stays as it was.
  const badges = useMemo(
    () => (
      <>
        {isScheduled(releaseAt) && <ReleaseMark releaseAt={releaseAt as string} />}
        <DraftMark kind="module" id={id} />
        {isTemplate && <Chip size="small" label={translate('app.outline.template')} />}
      </>
    ),
    [releaseAt, id, isTemplate, translate],
  );
  const menu = useMemo(() => {
    const after = position + 1;
    return [
      {
        label: 'app.outline.menu.add_chapter',
        onClick: () => setAdding({ kind: 'chapter', parent: id, position: chapters }),
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
        label: isTemplate ? 'app.outline.menu.unmark_template' : 'app.outline.menu.mark_template',
        onClick: () => void setTemplate(node, !isTemplate).catch(() => undefined),
        when: may('module', 'edit'),
      },
      {
        label: 'app.outline.release.action',
        onClick: () => openDialog({ kind: 'release', node, title, releaseAt: releaseAt ?? null }),
        when: may('module', 'edit'),
      },
      {
        label: 'app.outline.menu.edit',
        onClick: () => navigate(createPath({ resource: 'modules', id, type: 'edit' })),
        when: may('module', 'edit'),
      },
      {
        label: 'app.outline.menu.discard_node',
        onClick: () => openDialog({ kind: 'discard', node, title }),
        when: changed && may('module', 'edit'),
      },
      {
        label: 'app.outline.menu.delete',
        onClick: () => remove(node, title, chapters > 0),
        when: may('module', 'delete'),
      },
    ];
  }, [
    position,
    id,
    chapters,
    isTemplate,
    title,
    releaseAt,
    node,
    courseId,
    may,
    setAdding,
    openDialog,
    duplicate,
    setTemplate,
    navigate,
    createPath,
    remove,
    changed,
  ]);
  return (
    <OutlineRow
      node={node}
      title={module.title}
      icon={MODULE_ICON}
      badges={badges}
      menu={menu}
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
