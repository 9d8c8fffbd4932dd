import { memo } from 'react';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box, Button, Chip, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import LockIcon from '@mui/icons-material/Lock';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { useCreatePath, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { OutlineRow } from './OutlineRow';
import { DraftMark } from './DraftMark';
import { useDraftChanged } from './useDraftState';
import { ReleaseMark } from './ReleaseMark';
import { isScheduled } from '../../domain/releases';
import { useOutlineActions } from './OutlineContext';
import type { OutlineChapter } from '../../domain/outline';
import { nodeKey } from './outlineModel';
import { PartNode } from './PartNode';
import { useNodeActions } from './useNodeActions';

/**
 * A chapter and, once unfolded, its parts (sortable among themselves and into other open chapters).
 * Memoised on its chapter: a drop re-renders the moved rows' groups, not the course's 600 chapters.
 */
export const ChapterNode = memo(function ChapterNode({ chapter, module }: { chapter: OutlineChapter; module: number }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const { openDialog, setAdding, remove, may } = useOutlineActions();
  const { duplicate, setTemplate } = useNodeActions();
  const node = { kind: 'chapter', id: chapter.id } as const;
  const changed = useDraftChanged('chapter', chapter.id);
  const after = chapter.position + 1;
  const addPart = () => openDialog({ kind: 'part', chapter: chapter.id });
  const locked = translate('app.outline.locked', { smart_count: chapter.unlocks.length });
  return (
    <OutlineRow
      node={node}
      title={chapter.title}
      icon={<MenuBookIcon fontSize="small" />}
      badges={
        <>
          {chapter.unlocks.length > 0 && (
            <Tooltip title={locked}>
              <LockIcon fontSize="small" color="action" titleAccess={locked} />
            </Tooltip>
          )}
          {isScheduled(chapter.releaseAt) && <ReleaseMark releaseAt={chapter.releaseAt as string} />}
          <DraftMark kind="chapter" id={chapter.id} />
          {chapter.isTemplate && <Chip size="small" label={translate('app.outline.template')} />}
        </>
      }
      menu={[
        { label: 'app.outline.menu.add_part', onClick: addPart, when: may('part', 'create') },
        {
          label: 'app.outline.menu.add_chapter_after',
          onClick: () => setAdding({ kind: 'chapter', parent: module, position: after }),
          when: may('chapter', 'create'),
        },
        {
          label: 'app.outline.menu.template_chapter_after',
          onClick: () => openDialog({ kind: 'template', resource: 'chapters', parent: module, position: after }),
          when: may('chapter', 'create'),
        },
        {
          label: 'app.outline.menu.duplicate',
          onClick: () => void duplicate(node, after).catch(() => undefined),
          when: may('chapter', 'create'),
        },
        {
          label: 'app.outline.menu.prerequisites',
          onClick: () => openDialog({ kind: 'prerequisites', chapter: chapter.id }),
          when: may('chapter', 'edit'),
        },
        {
          label: chapter.isTemplate ? 'app.outline.menu.unmark_template' : 'app.outline.menu.mark_template',
          onClick: () => void setTemplate(node, !chapter.isTemplate).catch(() => undefined),
          when: may('chapter', 'edit'),
        },
        {
          label: 'app.outline.release.action',
          onClick: () =>
            openDialog({ kind: 'release', node, title: chapter.title, releaseAt: chapter.releaseAt ?? null }),
          when: may('chapter', 'edit'),
        },
        {
          label: 'app.outline.menu.edit',
          onClick: () => navigate(createPath({ resource: 'chapters', id: chapter.id, type: 'edit' })),
          when: may('chapter', 'edit'),
        },
        {
          label: 'app.outline.menu.discard_node',
          onClick: () => openDialog({ kind: 'discard', node, title: chapter.title }),
          when: changed && may('chapter', 'edit'),
        },
        {
          label: 'app.outline.menu.delete',
          onClick: () => remove(node, chapter.title, chapter.parts.length > 0),
          when: may('chapter', 'delete'),
        },
      ]}
      renderChildren={() => (
        <Box
          component="ul"
          sx={{ pl: 3, my: 0 }}
          aria-label={translate('app.outline.parts_of', { title: chapter.title })}
        >
          <SortableContext
            items={chapter.parts.map((part) => nodeKey({ kind: 'part', id: part.id }))}
            strategy={verticalListSortingStrategy}
          >
            {chapter.parts.map((part) => (
              <PartNode key={part.id} part={part} />
            ))}
          </SortableContext>
          {may('part', 'create') && (
            <Box component="li" sx={{ listStyle: 'none', pl: 4 }}>
              <Button size="small" startIcon={<AddIcon />} onClick={addPart}>
                {translate('app.outline.add_part')}
              </Button>
            </Box>
          )}
        </Box>
      )}
    />
  );
});
