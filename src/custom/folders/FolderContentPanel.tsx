import { useEffect, useState } from 'react';
import ArticleIcon from '@mui/icons-material/Article';
import FolderIcon from '@mui/icons-material/Folder';
import { Box, Chip, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { Link, useCreatePath, useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/** What the selected folder holds (`/content`): its sub-folders, then its sheets, each sheet a link to its editor. */
export function FolderContentPanel({
  folderId,
  reload,
  onOpenFolder,
}: {
  folderId: number;
  reload: number;
  onOpenFolder: (id: number) => void;
}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const [content, setContent] = useState<{ id: number; folders: RaRecord[]; sheets: RaRecord[] }>();

  useEffect(() => {
    let live = true;
    dataProvider.getFolderContent({ id: folderId }).then(
      ({ data }) => live && setContent({ id: folderId, ...data }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [dataProvider, folderId, reload]);

  if (!content || content.id !== folderId) return null;
  const empty = content.folders.length === 0 && content.sheets.length === 0;
  return (
    <Box component="section" aria-labelledby="folder-content-title">
      <Typography id="folder-content-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.folders.content')}
      </Typography>
      {empty && <Typography color="text.secondary">{translate('app.folders.empty')}</Typography>}
      <List dense>
        {content.folders.map((folder) => (
          <ListItem key={folder.id} disablePadding>
            <ListItemButton onClick={() => onOpenFolder(Number(folder.id))}>
              <ListItemIcon>
                <FolderIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={folder.name} />
            </ListItemButton>
          </ListItem>
        ))}
        {content.sheets.map((sheet) => (
          <ListItem key={sheet.id} disablePadding>
            <ListItemButton component={Link} to={createPath({ resource: 'sheets', id: sheet.id, type: 'edit' })}>
              <ListItemIcon>
                <ArticleIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={sheet.title} />
              <Chip size="small" label={translate(`choices.sheetStatus.${sheet.status}`)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
