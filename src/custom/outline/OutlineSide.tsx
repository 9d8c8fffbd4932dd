import { memo, useState } from 'react';
import { Card, CardContent, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CommentsPanel, LearnerPreview } from './lazyPanels';
import type { CourseOutline } from '../../domain/outline';
import { placeOf, type NodeRef } from './outlineModel';
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

/**
 * Beside the outline (below it on a phone): the learner's preview and the comments of the selected node.
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
  const [tab, setTab] = useState<'preview' | 'comments'>('preview');
  // A chapter picked in the preview's own menu, until another node is selected in the outline.
  const [picked, setPicked] = useState<{ for?: NodeRef; chapter: number }>();
  const target = selected ?? { kind: 'course' as const, id: outline.id };
  return (
    <Card
      component="aside"
      aria-label={translate('app.outline.side')}
      sx={{ position: { lg: 'sticky' }, top: { lg: 64 }, minWidth: 0 }}
    >
      <Tabs value={tab} onChange={(_, next: 'preview' | 'comments') => setTab(next)} variant="fullWidth">
        <Tab
          value="preview"
          label={translate('app.outline.preview.tab')}
          id="outline-tab-preview"
          aria-controls="outline-panel-preview"
        />
        <Tab
          value="comments"
          label={translate('app.outline.comments.tab')}
          id="outline-tab-comments"
          aria-controls="outline-panel-comments"
        />
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
