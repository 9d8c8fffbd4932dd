import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { CourseVersion } from '../../domain/courseVersions';
import { useDraftState } from './useDraftState';
import { learnerChapterKey, learnerMenuKey } from './outlineQuery';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import { PartPreview } from '../chapterParts/PartPreview';

interface DisplayablePart {
  id: number;
  type: string;
  title: string | null;
  content: unknown;
}

/**
 * The course as a learner gets it, read-only: its menu (`/menu`) and the chosen chapter as `/displayable`
 * gives it, each part drawn by its type's preview from the chapter-part registry (the same inert renderers
 * the part editor shows: sanitised Markdown, sandboxed https frames, no answers of the questions).
 */
export function LearnerPreview({
  course,
  chapter,
  onChapter,
  version,
}: {
  course: number;
  chapter?: number;
  onChapter: (id: number) => void;
  version: number;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  // A published course shows what learners get; its draft on demand, when it differs.
  const [chosen, setChosen] = useState<CourseVersion>('live');
  const drafted = Boolean(useDraftState()?.changed);
  const shownVersion: CourseVersion = drafted ? chosen : 'live';
  const menu = useQuery({
    queryKey: learnerMenuKey(course, version, shownVersion),
    queryFn: async () => (await dataProvider.getCourseMenu({ id: course, version: shownVersion })).data,
  });
  const shown = chapter ?? menu.data?.modules.flatMap((module) => module.chapters)[0]?.id;
  const moduleOfShown = menu.data?.modules.find((module) => module.chapters.some((item) => item.id === shown))?.id;
  // The module unfolded in the menu: the shown chapter's, until the author opens another (-1: none).
  const [openModule, setOpenModule] = useState<number>();
  const displayable = useQuery({
    queryKey: learnerChapterKey(shown, version, shownVersion),
    queryFn: async () =>
      (await dataProvider.getDisplayableChapter({ id: shown as number, version: shownVersion })).data,
    enabled: shown !== undefined,
  });
  const versions = drafted && (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={shownVersion}
      aria-label={translate('app.outline.draft.version')}
      onChange={(_, value: CourseVersion | null) => value && setChosen(value)}
    >
      <ToggleButton value="live">{translate('app.outline.draft.live')}</ToggleButton>
      <ToggleButton value="draft">{translate('app.outline.draft.draft')}</ToggleButton>
    </ToggleButtonGroup>
  );
  if (menu.isPending) return <Loader size="small" />;
  if (menu.isError) return <Alert severity="error">{translate('app.outline.preview.error')}</Alert>;
  const parts = (displayable.data?.parts ?? []) as DisplayablePart[];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {versions}
      <Typography variant="h6" component="h3">
        {menu.data.title}
      </Typography>
      <Box component="nav" aria-label={translate('app.outline.preview.menu')}>
        {/* Folded like the outline: a 600-chapter course draws its modules, and the chapters of one. */}
        <List dense disablePadding>
          {menu.data.modules.map((module) => {
            const open = module.id === (openModule ?? moduleOfShown);
            return (
              <ListItem key={module.id} disablePadding sx={{ display: 'block' }}>
                <ListItemButton aria-expanded={open} onClick={() => setOpenModule(open ? -1 : module.id)}>
                  <ListItemText primary={module.title} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                </ListItemButton>
                {open && (
                  <List dense disablePadding aria-label={module.title}>
                    {module.chapters.map((item) => (
                      <ListItem key={item.id} disablePadding>
                        <ListItemButton
                          selected={item.id === shown}
                          aria-current={item.id === shown ? 'page' : undefined}
                          onClick={() => onChapter(item.id)}
                          sx={{ pl: 3 }}
                        >
                          <ListItemText primary={item.title} />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                )}
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Divider />
      {shown === undefined ? (
        <Typography color="text.secondary">{translate('app.outline.preview.nothing')}</Typography>
      ) : displayable.isPending ? (
        <Loader size="small" />
      ) : displayable.isError ? (
        <Alert severity="error">{translate('app.outline.preview.error')}</Alert>
      ) : (
        <Box component="article" aria-labelledby="learner-chapter-title" data-testid="learner-chapter">
          <Typography id="learner-chapter-title" variant="h6" component="h3" gutterBottom>
            {String(displayable.data.title ?? '')}
          </Typography>
          {parts.length === 0 && (
            <Typography color="text.secondary">{translate('app.outline.preview.no_parts')}</Typography>
          )}
          {parts.map((part) => (
            <Box
              key={part.id}
              component="section"
              aria-label={part.title ?? translate('app.outline.preview.part')}
              sx={{ mb: 2 }}
            >
              {part.title && (
                <Typography variant="subtitle1" component="h4" gutterBottom>
                  {part.title}
                </Typography>
              )}
              <PartPreview type={part.type} content={part.content} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
