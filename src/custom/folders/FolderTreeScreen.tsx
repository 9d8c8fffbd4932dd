import { useCallback, useEffect, useState } from 'react';
import AddIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MoveIcon from '@mui/icons-material/DriveFileMove';
import DownIcon from '@mui/icons-material/ArrowDownward';
import UpIcon from '@mui/icons-material/ArrowUpward';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch } from '@mui/material';
import { Confirm, Title, useDataProvider, useCanAccess, useNotify, useRequireAccess, useTranslate } from 'react-admin';
import type { FolderNode } from '../../providers/actions';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ROOT_FOLDER_ID } from '../../providers/routes';
import { FolderContentPanel } from './FolderContentPanel';
import { folderErrorMessage } from './folderErrors';
import { FolderMoveDialog } from './FolderMoveDialog';
import { FolderNameDialog } from './FolderNameDialog';
import { FolderTree, type DropZone } from './FolderTree';

type Dialog = 'create' | 'rename' | 'move' | 'delete' | undefined;

const find = (node: FolderNode, id: number): FolderNode | undefined =>
  node.id === id
    ? node
    : node.children.reduce<FolderNode | undefined>((found, child) => found ?? find(child, id), undefined);

const parentOf = (node: FolderNode, id: number): FolderNode | undefined =>
  node.children.some((child) => child.id === id)
    ? node
    : node.children.reduce<FolderNode | undefined>((found, child) => found ?? parentOf(child, id), undefined);

/** Ids of a folder's ancestors: opened so that the selected folder stays in sight. */
function pathTo(node: FolderNode, id: number): string[] | undefined {
  if (node.id === id) return [];
  for (const child of node.children) {
    const below = pathTo(child, id);
    if (below) return [String(node.id), ...below];
  }
  return undefined;
}

/**
 * The folders' list page. It is not react-admin's <List>, which checks the session's rights before it
 * shows anything: the same check here sends a session that may not read folders to "Accès refusé", as
 * every other guarded page does, instead of drawing a toolbar over the server's refusal.
 */
export function FolderTreeScreen() {
  const rights = { resource: 'folders', action: 'list' };
  useRequireAccess(rights);
  // The same answer, read to show nothing (and ask the server nothing) until it is a yes.
  const { canAccess } = useCanAccess(rights);
  return canAccess ? <FolderTreeBody /> : null;
}

/**
 * The folders as a tree (`GET /api/folders/1/tree`, with or without `purge`), and what the selected one
 * holds. Create, rename, move and reorder (drag-and-drop, or the dialog and the up / down buttons) and
 * delete; refusals are said in French (a
 * cycle, a folder that is not empty) where the user is.
 */
function FolderTreeBody() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const [purge, setPurge] = useState(false);
  const [tree, setTree] = useState<FolderNode>();
  const [selected, setSelected] = useState<number>(ROOT_FOLDER_ID);
  const [expanded, setExpanded] = useState<string[]>([String(ROOT_FOLDER_ID)]);
  const [dialog, setDialog] = useState<Dialog>();
  const [error, setError] = useState<string>();
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    dataProvider.getFolderTree({ purge }).then(
      ({ data }) => live && setTree(data),
      () => live && setError(translate('GenericError')),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, purge, reload, translate]);

  const current = tree ? (find(tree, selected) ?? tree) : undefined;

  const run = useCallback(
    async (work: () => Promise<unknown>, done: string) => {
      setDialog(undefined);
      setError(undefined);
      try {
        await work();
        notify(done, { type: 'success' });
        setReload((count) => count + 1);
      } catch (failure) {
        setError(folderErrorMessage(failure, translate));
        // What was refused may have been refused because the tree changed: show the tree as it is.
        setReload((count) => count + 1);
      }
    },
    [notify, translate],
  );

  /** Into `parent` (at its end), or at `position` among its other sub-folders. */
  const move = (folder: number, parent: number, position?: number) =>
    run(async () => {
      const { data } = await dataProvider.getOne('folders', { id: folder });
      await dataProvider.update('folders', {
        id: folder,
        data: position === undefined ? { parent } : { parent, position },
        previousData: data,
      });
      setExpanded((ids) => [...new Set([...ids, String(parent)])]);
    }, 'app.folders.moved');

  // Just before or after another folder: the place among that folder's siblings, the dragged one left out.
  const drop = (folder: number, target: number, zone: DropZone) => {
    if (!tree) return;
    const parent = zone === 'into' ? undefined : parentOf(tree, target);
    if (!parent) return void move(folder, target);
    const others = parent.children.filter((child) => child.id !== folder);
    const position = others.findIndex((child) => child.id === target) + (zone === 'after' ? 1 : 0);
    const now = parent.children.findIndex((child) => child.id === folder);
    if (now === position) return;
    void move(folder, parent.id, position);
  };

  // The keyboard's reordering: one place up or down among its siblings.
  const parentOfCurrent = tree && current ? parentOf(tree, current.id) : undefined;
  const indexOfCurrent =
    parentOfCurrent && current ? parentOfCurrent.children.findIndex((child) => child.id === current.id) : -1;
  const shift = (by: -1 | 1) =>
    current && parentOfCurrent && void move(current.id, parentOfCurrent.id, indexOfCurrent + by);

  const select = (id: number) => {
    setSelected(id);
    if (tree) setExpanded((ids) => [...new Set([...ids, ...(pathTo(tree, id) ?? [])])]);
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('resources.folders.name', { smart_count: 2 })} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1, alignItems: 'center' }}>
        <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog('create')} disabled={!current}>
          {translate('app.folders.create')}
        </Button>
        <Button size="small" startIcon={<EditIcon />} onClick={() => setDialog('rename')} disabled={!current}>
          {translate('app.folders.rename')}
        </Button>
        <Button
          size="small"
          startIcon={<MoveIcon />}
          onClick={() => setDialog('move')}
          disabled={!current || current.id === tree?.id}
        >
          {translate('app.folders.move')}
        </Button>
        <Button
          size="small"
          startIcon={<UpIcon />}
          onClick={() => shift(-1)}
          disabled={!parentOfCurrent || indexOfCurrent <= 0}
        >
          {translate('app.folders.up')}
        </Button>
        <Button
          size="small"
          startIcon={<DownIcon />}
          onClick={() => shift(1)}
          disabled={!parentOfCurrent || indexOfCurrent >= parentOfCurrent.children.length - 1}
        >
          {translate('app.folders.down')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => setDialog('delete')}
          disabled={!current || current.id === tree?.id}
        >
          {translate('ra.action.delete')}
        </Button>
        <FormControlLabel
          control={<Switch checked={purge} onChange={(event) => setPurge(event.target.checked)} />}
          label={translate('app.folders.purge')}
        />
      </Stack>
      {error && (
        <Alert severity="error" onClose={() => setError(undefined)} sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Card>
          <CardContent sx={{ overflowX: 'auto' }}>
            {tree && (
              <FolderTree
                tree={tree}
                selected={selected}
                expanded={expanded}
                onSelect={select}
                onExpand={setExpanded}
                onDrop={drop}
              />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            {current && <FolderContentPanel folderId={current.id} reload={reload} onOpenFolder={select} />}
          </CardContent>
        </Card>
      </Box>
      {current && dialog === 'create' && (
        <FolderNameDialog
          title={translate('app.folders.create_in', { name: current.name })}
          onClose={() => setDialog(undefined)}
          onSubmit={(name) =>
            run(async () => {
              await dataProvider.create('folders', { data: { name, parent: current.id } });
              setExpanded((ids) => [...new Set([...ids, String(current.id)])]);
            }, 'app.folders.created')
          }
        />
      )}
      {current && dialog === 'rename' && (
        <FolderNameDialog
          title={translate('app.folders.rename_title', { name: current.name })}
          initial={current.name}
          onClose={() => setDialog(undefined)}
          onSubmit={(name) =>
            run(async () => {
              const { data } = await dataProvider.getOne('folders', { id: current.id });
              await dataProvider.update('folders', { id: current.id, data: { name }, previousData: data });
            }, 'app.folders.renamed')
          }
        />
      )}
      {tree && current && dialog === 'move' && (
        <FolderMoveDialog
          tree={tree}
          folder={current}
          onClose={() => setDialog(undefined)}
          onSubmit={(parent) => move(current.id, parent)}
        />
      )}
      <Confirm
        isOpen={!!current && dialog === 'delete'}
        title="app.folders.delete_title"
        content="app.folders.delete_content"
        translateOptions={{ name: current?.name ?? '' }}
        onClose={() => setDialog(undefined)}
        onConfirm={() =>
          current &&
          run(async () => {
            await dataProvider.delete('folders', { id: current.id, previousData: { id: current.id } });
            setSelected(tree?.id ?? ROOT_FOLDER_ID);
          }, 'app.folders.deleted')
        }
      />
    </Box>
  );
}
