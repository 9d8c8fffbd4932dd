import { createElement, memo } from 'react';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import { useCreatePath, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { partIconOf, partTypeLabel } from '../chapterParts/partTypeLook';
import type { ChapterPartType } from '../../domain/chapterParts';
import { OutlineRow } from './OutlineRow';
import { DraftMark } from './DraftMark';
import { useDraftChanged } from './useDraftState';
import { ReleaseMark } from './ReleaseMark';
import { isScheduled } from '../../domain/releases';
import { useOutlineActions } from './OutlineContext';
import type { OutlinePart } from '../../domain/outline';
import { useNodeActions } from './useNodeActions';

/** A part: its type's icon (the chapter-part registry) and its title, or its type's name when untitled. */
export const PartNode = memo(function PartNode({ part }: { part: OutlinePart }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const { remove, may, openDialog } = useOutlineActions();
  const { duplicate } = useNodeActions();
  const icon = partIconOf(part.type);
  const typeName = icon ? translate(partTypeLabel(part.type as ChapterPartType)) : part.type;
  const title = part.title?.trim() || typeName;
  const node = { kind: 'part', id: part.id } as const;
  const changed = useDraftChanged('part', part.id);
  return (
    <OutlineRow
      node={node}
      title={title}
      storedTitle={part.title ?? ''}
      icon={createElement(icon ?? HelpOutlineIcon, { fontSize: 'small', titleAccess: typeName })}
      badges={
        <>
          {isScheduled(part.releaseAt) && <ReleaseMark releaseAt={part.releaseAt as string} />}
          <DraftMark kind="part" id={part.id} />
        </>
      }
      menu={[
        {
          label: 'app.outline.release.action',
          onClick: () => openDialog({ kind: 'release', node, title, releaseAt: part.releaseAt ?? null }),
          when: may('part', 'edit'),
        },
        {
          label: 'app.outline.menu.edit',
          onClick: () => navigate(createPath({ resource: 'chapter-parts', id: part.id, type: 'edit' })),
          when: may('part', 'edit'),
        },
        {
          label: 'app.outline.menu.discard_node',
          onClick: () => openDialog({ kind: 'discard', node, title }),
          when: changed && may('part', 'edit'),
        },
        {
          label: 'app.outline.menu.duplicate',
          onClick: () => void duplicate(node, part.position + 1).catch(() => undefined),
          when: may('part', 'create'),
        },
        { label: 'app.outline.menu.delete', onClick: () => remove(node, title, false), when: may('part', 'delete') },
      ]}
    />
  );
});
