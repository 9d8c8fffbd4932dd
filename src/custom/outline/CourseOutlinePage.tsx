import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { DragEndEvent } from '@dnd-kit/core';
import { Alert, Box, Card, CardContent, Link as MuiLink, Tab, Tabs } from '@mui/material';
import { Link, Title, useCreatePath, useTranslate } from 'react-admin';
import { Loader } from '../Loader';
import './messages';
import { CommentsPanel } from './CommentsPanel';
import { CourseDetails } from './CourseDetails';
import { LearnerPreview } from './LearnerPreview';
import { OutlineContext, type AddingAt, type OutlineDialog, type OutlineState } from './OutlineContext';
import { OutlineDialogs } from './OutlineDialogs';
import { OutlineTree } from './OutlineTree';
import { chaptersOf, moveOfDrop, nodeKey, placeOf, type CourseOutline, type NodeRef } from './outlineModel';
import { PublishBar } from './PublishBar';
import { RelationChips } from './RelationChips';
import { useCourseOutline, useMoveNode } from './useCourseOutline';

/** The chapter a selection stands in: the chapter itself, or a part's chapter. */
function chapterOfSelection(outline: CourseOutline | undefined, selected: NodeRef | undefined): number | undefined {
  if (!outline || !selected) return undefined;
  if (selected.kind === 'chapter') return selected.id;
  if (selected.kind === 'part') return placeOf(outline, selected)?.parent;
  return undefined;
}

function titleOf(outline: CourseOutline, node: NodeRef | undefined): string {
  if (!node) return outline.title;
  for (const module of outline.modules) {
    if (node.kind === 'module' && module.id === node.id) return module.title;
    for (const chapter of module.chapters) {
      if (node.kind === 'chapter' && chapter.id === node.id) return chapter.title;
      const part = node.kind === 'part' ? chapter.parts.find((candidate) => candidate.id === node.id) : undefined;
      if (part) return part.title ?? '';
    }
  }
  return outline.title;
}

/**
 * A course's authoring page (issue 13): its fields, tags and skills, publication, and its outline of
 * modules, chapters and parts, with the learner's preview and the comments of the selected node beside it
 * (below it on a phone). The outline is one request; only the open branches are drawn.
 */
export function CourseOutlinePage() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const courseId = Number(useParams().id);
  const { data: outline, isPending, isError, refresh, dataUpdatedAt } = useCourseOutline(courseId);
  const move = useMoveNode(courseId);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<NodeRef>();
  const [adding, setAdding] = useState<AddingAt>();
  const [dialog, setDialog] = useState<OutlineDialog>();
  const [sideTab, setSideTab] = useState<'preview' | 'comments'>('preview');
  const [previewChapter, setPreviewChapter] = useState<number>();
  // The row to bring into view once its module has opened.
  const revealed = useRef<string | undefined>(undefined);

  const select = useCallback((node: NodeRef | undefined) => {
    setSelected(node);
    setPreviewChapter(undefined);
  }, []);
  const toggle = useCallback(
    (node: NodeRef) =>
      setOpen((before) => {
        const after = new Set(before);
        const key = nodeKey(node);
        if (after.has(key)) after.delete(key);
        else after.add(key);
        return after;
      }),
    [],
  );
  // A new chapter or module is typed inside its parent: that parent opens.
  const startAdding = useCallback((at: AddingAt | undefined) => {
    setAdding(at);
    if (at?.kind === 'chapter') setOpen((before) => new Set(before).add(nodeKey({ kind: 'module', id: at.parent })));
  }, []);
  const openDialog = useCallback((next: OutlineDialog) => {
    setDialog(next);
    if (next.kind === 'part') setOpen((before) => new Set(before).add(nodeKey({ kind: 'chapter', id: next.chapter })));
  }, []);

  /** Opens the chapter's module, selects the chapter and brings it into view (a publish error's link). */
  const reveal = useCallback(
    (chapter: number) => {
      if (!outline) return;
      const module = chaptersOf(outline).find((entry) => entry.chapter.id === chapter)?.module;
      if (!module) return;
      setOpen((before) => new Set(before).add(nodeKey({ kind: 'module', id: module.id })));
      select({ kind: 'chapter', id: chapter });
      revealed.current = nodeKey({ kind: 'chapter', id: chapter });
    },
    [outline, select],
  );
  useEffect(() => {
    if (!revealed.current) return;
    const row = document.querySelector<HTMLElement>(`[data-node="${revealed.current}"] button[aria-pressed]`);
    revealed.current = undefined;
    row?.scrollIntoView({ block: 'center' });
    row?.focus();
  }, [open, selected]);

  const onMove = useCallback(
    (event: DragEndEvent) => {
      const planned = outline && moveOfDrop(outline, event.active.id, event.over?.id);
      if (planned) void move(planned);
    },
    [outline, move],
  );

  const state = useMemo<OutlineState | undefined>(
    () =>
      outline && {
        outline,
        selected,
        select,
        isOpen: (node) => open.has(nodeKey(node)),
        toggle,
        adding,
        setAdding: startAdding,
        openDialog,
        refresh,
      },
    [outline, selected, select, open, toggle, adding, startAdding, openDialog, refresh],
  );

  if (isPending) return <Loader />;
  if (isError || !state || !outline) return <Alert severity="error" sx={{ m: 2 }}>{translate('app.outline.load_error')}</Alert>;
  const target = selected ?? { kind: 'course' as const, id: outline.id };
  return (
    <OutlineContext.Provider value={state}>
      <Title title={translate('app.outline.page_title', { title: outline.title })} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start', py: 2 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <MuiLink component={Link} to={createPath({ resource: 'courses', type: 'list' })}>
            {translate('app.outline.back')}
          </MuiLink>
          <Card component="section" aria-label={translate('app.outline.details')}>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <PublishBar reveal={reveal} />
              <CourseDetails id={courseId} />
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <RelationChips course={courseId} field="tags" />
                <RelationChips course={courseId} field="skills" />
              </Box>
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <OutlineTree onMove={onMove} />
            </CardContent>
          </Card>
        </Box>
        <Card component="aside" aria-label={translate('app.outline.side')} sx={{ position: { lg: 'sticky' }, top: { lg: 64 }, minWidth: 0 }}>
          <Tabs value={sideTab} onChange={(_, tab: 'preview' | 'comments') => setSideTab(tab)} variant="fullWidth">
            <Tab value="preview" label={translate('app.outline.preview.tab')} id="outline-tab-preview" aria-controls="outline-panel-preview" />
            <Tab value="comments" label={translate('app.outline.comments.tab')} id="outline-tab-comments" aria-controls="outline-panel-comments" />
          </Tabs>
          <CardContent role="tabpanel" id={`outline-panel-${sideTab}`} aria-labelledby={`outline-tab-${sideTab}`}>
            {sideTab === 'preview' ? (
              <LearnerPreview
                course={outline.id}
                chapter={previewChapter ?? chapterOfSelection(outline, selected)}
                onChapter={setPreviewChapter}
                version={dataUpdatedAt}
              />
            ) : (
              <CommentsPanel key={`${target.kind}:${target.id}`} kind={target.kind} id={target.id} label={titleOf(outline, selected)} />
            )}
          </CardContent>
        </Card>
      </Box>
      <OutlineDialogs dialog={dialog} onClose={() => setDialog(undefined)} />
    </OutlineContext.Provider>
  );
}
