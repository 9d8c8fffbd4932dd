import { memo, useState } from 'react';
import { Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CommentsPanel, LearnerPreview, RecordHistory } from './lazyPanels';
import type { CourseOutline } from '../../domain/outline';
import { placeOf, RESOURCE_OF, type NodeRef } from './outlineModel';
import { useView, type OutlineView } from './outlineView';

/** The chapter a selection stands in: the chapter itself, or a part's chapter. */
function chapterOfSelection(outline: CourseOutline, selected: NodeRef | undefined): number | undefined {
  if (!selected) return undefined;
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

const selectedOf = (view: OutlineView) => view.selected;

const SIDE_TABS = {
  preview: 'app.outline.preview.tab',
  history: 'app.outline.history.tab',
  comments: 'app.outline.comments.tab',
} as const;
type SideTab = keyof typeof SIDE_TABS;

/**
 * Beside the outline (below it on a phone): the learner's preview, and the history and the comments of the
 * selected node (the course when none is).
 * Memoised: the page gives it the outline deferred, so that it never delays the tree's own renders.
 */
export const OutlineSide = memo(function OutlineSide({
  outline,
  version,
}: {
  outline: CourseOutline;
  version: number;
}) {
  const translate = useTranslate();
  const selected = useView(selectedOf);
  const [tab, setTab] = useState<SideTab>('preview');
  // A chapter picked in the preview's own menu, until another node is selected in the outline.
  const [picked, setPicked] = useState<{ for?: NodeRef; chapter: number }>();
  const target = selected ?? { kind: 'course' as const, id: outline.id };
  return (
    <Card
      component="aside"
      aria-label={translate('app.outline.side')}
      sx={{ position: { lg: 'sticky' }, top: { lg: 64 }, minWidth: 0 }}
    >
      <Tabs value={tab} onChange={(_, next: SideTab) => setTab(next)} variant="fullWidth">
        {Object.entries(SIDE_TABS).map(([value, label]) => (
          <Tab
            key={value}
            value={value}
            label={translate(label)}
            id={`outline-tab-${value}`}
            aria-controls={`outline-panel-${value}`}
          />
        ))}
      </Tabs>
      <CardContent role="tabpanel" id={`outline-panel-${tab}`} aria-labelledby={`outline-tab-${tab}`}>
        {tab === 'preview' ? (
          <LearnerPreview
            course={outline.id}
            chapter={
              (picked && picked.for === selected ? picked.chapter : undefined) ?? chapterOfSelection(outline, selected)
            }
            onChapter={(chapter: number) => setPicked({ for: selected, chapter })}
            version={version}
          />
        ) : tab === 'history' ? (
          <Box
            component="section"
            aria-label={translate('app.outline.history.of', { title: titleOf(outline, selected) })}
          >
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {translate('app.outline.history.of', { title: titleOf(outline, selected) })}
            </Typography>
            <RecordHistory
              key={`${target.kind}:${target.id}`}
              resource={target.kind === 'course' ? 'courses' : RESOURCE_OF[target.kind]}
              id={target.id}
            />
          </Box>
        ) : (
          <CommentsPanel
            key={`${target.kind}:${target.id}`}
            kind={target.kind}
            id={target.id}
            label={titleOf(outline, selected)}
          />
        )}
      </CardContent>
    </Card>
  );
});
