import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { DragEndEvent } from '@dnd-kit/core';
import { Alert, AlertTitle, Box, Card, CardContent, Link as MuiLink } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Title, useCreatePath, useGetOne, useStoreContext, useTranslate, type RaRecord } from 'react-admin';
import type { CourseOutline } from '../../domain/outline';
import { sessionAllows } from '../../providers/authProvider';
import { Loader } from '../Loader';
import { CopyToStructureButton } from '../tenancy/CopyToStructureButton';
import { CourseTransferActions } from '../courseTransfer/CourseTransferActions';
import { CourseLearnerActions } from '../learners/CourseLearnerActions';
import './messages';
import { CourseDetails, RelationChips } from './lazyPanels';
import { lazyComponent } from '../lazyComponent';
import {
  OutlineActionsContext,
  OutlineContext,
  type OutlineActions,
  type OutlineDialog,
  type OutlineState,
} from './OutlineContext';
import { BulkBar } from './BulkBar';
import { OutlineDialogs } from './OutlineDialogs';
import { OutlineTree } from './OutlineTree';
import { chaptersOf, moveOfDrop, nodeKey, RESOURCE_OF, type NodeRef } from './outlineModel';
import { createViewStore, selectionOf, ViewStoreContext } from './outlineView';
import { extended, shownKeys, toggled } from './bulkSelection';
import { PublishBar } from './PublishBar';
import { useAfterFirstPaint } from './useAfterFirstPaint';
import { outlineKey, useCourseOutline, useMoveNode } from './useCourseOutline';
import { useRemoveNode } from './useRemoveNode';

/**
 * The height the course's actions, form and chips take once loaded (a course without a cover image, with
 * up to a line of tags and of skills), on a phone and from the `sm` width on (two columns): reserved
 * before they mount. The outline's browser test checks that the tree does not move when they come.
 */
const COURSE_PANEL_HEIGHT = { xs: 847, sm: 601 };

// Beside the tree (below it on a phone), mounted once the tree is painted: its code (MUI's tabs) loads then.
// Declared here, not in lazyPanels: the side panel takes its own panels from there.
const OutlineSide = lazyComponent(() => import('./OutlineSide').then((module) => module.OutlineSide));

const withKey = (open: ReadonlySet<string>, node: NodeRef) =>
  open.has(nodeKey(node)) ? open : new Set(open).add(nodeKey(node));

/**
 * A course's authoring page: its fields, tags and skills, publication, and its outline of
 * modules, chapters and parts, with the learner's preview and the comments of the selected node beside it
 * (below it on a phone). The outline is one request; only the open branches are drawn, and the branches
 * open are kept per course in react-admin's store (a reload finds them open). What is beside the tree
 * mounts once the tree is painted. A course the session may read but not change (a catalogue course
 * from inside a structure) opens read-only, with the way to copy it into the structure.
 */
export function CourseOutlinePage() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const courseId = Number(useParams().id);
  const { data: outline, isPending, isError, error, refresh, dataUpdatedAt } = useCourseOutline(courseId);
  // The outline says whose course it is: whether this session may change it, without waiting for another
  // request. A read-only course's record is asked for its "copy into my structure".
  const readOnly = !outline || !sessionAllows('courses', 'edit', { id: outline.id, company: outline.company ?? null });
  const { data: course } = useGetOne('courses', { id: courseId }, { enabled: outline !== undefined && readOnly });
  const move = useMoveNode(courseId);
  const removeNode = useRemoveNode(courseId);
  const store = useStoreContext();
  const openKey = `outline.${courseId}.open`;
  const view = useMemo(
    () => createViewStore({ open: new Set(store.getItem<string[]>(openKey, [])) }),
    [store, openKey],
  );
  useEffect(() => {
    let saved = view.get().open;
    return view.subscribe(() => {
      const { open } = view.get();
      if (open === saved) return;
      saved = open;
      store.setItem(openKey, [...open]);
    });
  }, [view, store, openKey]);
  const [dialog, setDialog] = useState<OutlineDialog>();
  const painted = useAfterFirstPaint(outline !== undefined);
  // The side panel follows the tree in a render of its own, after a drop or a rename has been painted.
  const sideOutline = useDeferredValue(outline);
  const sideVersion = useDeferredValue(dataUpdatedAt);

  const actions = useMemo<OutlineActions>(() => {
    // Each row asks several times a render: the rights table is read once per kind and action.
    const allowed = new Map<string, boolean>();
    const may: OutlineActions['may'] = (kind, action) => {
      const key = `${kind}.${action}`;
      let answer = allowed.get(key);
      if (answer === undefined) allowed.set(key, (answer = !readOnly && sessionAllows(RESOURCE_OF[kind], action)));
      return answer;
    };
    return {
      courseId,
      readOnly,
      may,
      select: (node) => view.set((before) => ({ ...before, selected: node })),
      check: (node, how) =>
        view.set((before) => {
          const selection = selectionOf(before);
          const key = nodeKey(node);
          return {
            ...before,
            bulk: how === 'toggle' ? toggled(selection, key) : extended(selection, shownKeys(node.kind), key),
          };
        }),
      toggle: (node) =>
        view.set((before) => {
          const open = new Set(before.open);
          if (!open.delete(nodeKey(node))) open.add(nodeKey(node));
          return { ...before, open };
        }),
      // A new chapter is typed inside its module: that module opens.
      setAdding: (at) =>
        view.set((before) => ({
          ...before,
          adding: at,
          open: at?.kind === 'chapter' ? withKey(before.open, { kind: 'module', id: at.parent }) : before.open,
        })),
      openDialog: (next) => {
        setDialog(next);
        if (next.kind === 'part')
          view.set((before) => ({ ...before, open: withKey(before.open, { kind: 'chapter', id: next.chapter }) }));
      },
      remove: (node, title, hasChildren) =>
        hasChildren ? setDialog({ kind: 'delete', node, title }) : removeNode(node),
    };
  }, [courseId, readOnly, view, removeNode]);

  // What a gesture acts on is the tree as it is when it happens, read then: the callbacks stay the same
  // while the tree changes, and what they are given to does not render again at each move.
  const queryClient = useQueryClient();
  const currentOutline = useCallback(
    () => queryClient.getQueryData<CourseOutline>(outlineKey(courseId)),
    [queryClient, courseId],
  );

  /** Opens the chapter's module, selects the chapter and brings it into view (a publish error's link). */
  const reveal = useCallback(
    (chapter: number) => {
      const current = currentOutline();
      const module = current && chaptersOf(current).find((entry) => entry.chapter.id === chapter)?.module;
      if (!module) return;
      view.set((before) => ({
        ...before,
        open: withKey(before.open, { kind: 'module', id: module.id }),
        selected: { kind: 'chapter', id: chapter },
      }));
      requestAnimationFrame(() => {
        const row = document.querySelector<HTMLElement>(
          `[data-node="${nodeKey({ kind: 'chapter', id: chapter })}"] button[aria-pressed]`,
        );
        row?.scrollIntoView({ block: 'center' });
        row?.focus();
      });
    },
    [currentOutline, view],
  );

  const onMove = useCallback(
    (event: DragEndEvent) => {
      const current = currentOutline();
      const planned = current && moveOfDrop(current, event.active.id, event.over?.id);
      if (planned) void move(planned);
    },
    [currentOutline, move],
  );
  const closeDialog = useCallback(() => setDialog(undefined), []);

  const state = useMemo<OutlineState | undefined>(() => outline && { outline, refresh }, [outline, refresh]);
  // The page as drawn apart from the tree's data: a move, a rename or a new node changes the outline, and
  // renders what reads it (the tree, the publish bar), not the page's cards, links and title around them.
  const title = outline?.title;
  const main = useMemo(
    () => (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <MuiLink component={Link} to={createPath({ resource: 'courses', type: 'list' })}>
            {translate('app.outline.back')}
          </MuiLink>
          {/* Drawn with the page, not after it: the tree below does not move when they come. */}
          {title !== undefined && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <CourseLearnerActions record={{ id: courseId, title }} short={false} />
            </Box>
          )}
        </Box>
        <Card component="section" aria-label={translate('app.outline.details')}>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {readOnly && course && (
              <Alert severity="info" action={<CopyToStructureButton record={course} />}>
                <AlertTitle>{translate('app.tenancy.read_only.title')}</AlertTitle>
                {translate('app.tenancy.read_only.text')}
              </Alert>
            )}
            <PublishBar reveal={reveal} readOnly={readOnly} />
            <CoursePanel courseId={courseId} readOnly={readOnly} course={course} painted={painted} />
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            {!readOnly && <BulkBar />}
            <OutlineTree onMove={onMove} />
          </CardContent>
        </Card>
      </Box>
    ),
    [translate, createPath, title, readOnly, course, reveal, courseId, painted, onMove],
  );
  // The side panel's outline is deferred: it changes in a render of its own, after the tree's is painted.
  const page = useMemo(
    () => (
      <>
        <Title title={translate('app.outline.page_title', { title })} />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
            py: 2,
          }}
        >
          {main}
          {painted && sideOutline && <OutlineSide outline={sideOutline} version={sideVersion} />}
        </Box>
        <OutlineDialogs dialog={dialog} onClose={closeDialog} remove={removeNode} />
      </>
    ),
    [translate, title, main, painted, sideOutline, sideVersion, dialog, closeDialog, removeNode],
  );
  if (isPending) return <Loader />;
  if ((error as { status?: number } | null)?.status === 404)
    return (
      <Box component="section" sx={{ py: 2 }}>
        <Title title={translate('app.outline.not_found.title')} />
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle component="h2">{translate('app.outline.not_found.title')}</AlertTitle>
          {translate('app.outline.not_found.text')}
        </Alert>
        <MuiLink component={Link} to={createPath({ resource: 'courses', type: 'list' })}>
          {translate('app.outline.back')}
        </MuiLink>
      </Box>
    );
  if (isError || !state || !outline)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {translate('app.outline.load_error')}
      </Alert>
    );
  return (
    <ViewStoreContext.Provider value={view}>
      <OutlineActionsContext.Provider value={actions}>
        <OutlineContext.Provider value={state}>{page}</OutlineContext.Provider>
      </OutlineActionsContext.Provider>
    </ViewStoreContext.Provider>
  );
}

/**
 * The course's transfer actions, its own fields, tags and skills: what mounts after the tree's first paint
 * keeps its place from the start, so that the tree below does not move down when it comes. Memoised: a
 * move in the tree does not render the course's form again.
 */
const CoursePanel = memo(function CoursePanel({
  courseId,
  readOnly,
  course,
  painted,
}: {
  courseId: number;
  readOnly: boolean;
  course?: RaRecord;
  painted: boolean;
}) {
  return (
    <Box
      data-course-panel
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, minHeight: readOnly ? undefined : COURSE_PANEL_HEIGHT }}
    >
      {course && <CourseTransferActions record={course} />}
      {painted && (
        <>
          <CourseDetails id={courseId} readOnly={readOnly} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <RelationChips course={courseId} field="tags" readOnly={readOnly} />
            <RelationChips course={courseId} field="skills" readOnly={readOnly} />
          </Box>
        </>
      )}
    </Box>
  );
});
