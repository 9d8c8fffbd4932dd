import { IconButton, Stack, Tooltip } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import type { ComponentType } from 'react';
import { useResourceDefinition, useTranslate, type Identifier } from 'react-admin';
import type { SideEntry } from './history';
import { RecordTitle } from './RecordTitle';

interface SidePanelHeaderProps {
  entry: SideEntry;
  titleId: string;
  onClose: () => void;
  /** Absent when there is nothing to clear. */
  onClear?: () => void;
}

/**
 * The panel's title, the action that empties its history, and the close cross; under them, the resource's
 * own line when its definition has one (`options.sidePanelHeader`: who else has a ticket open).
 */
export function SidePanelHeader({ entry, titleId, onClose, onClear }: SidePanelHeaderProps) {
  const translate = useTranslate();
  const { options } = useResourceDefinition({ resource: entry.resource });
  const Extra = options?.sidePanelHeader as ComponentType<{ id: Identifier }> | undefined;
  return (
    <>
      <Stack direction="row" spacing={0.5} sx={{ pl: 2, pr: 1, pt: 1.5, alignItems: 'center' }}>
        <RecordTitle resource={entry.resource} id={entry.id} titleId={titleId} />
        {onClear && (
          <Tooltip title={translate('app.side_panel.clear')}>
            <IconButton aria-label={translate('app.side_panel.clear')} onClick={onClear} size="small">
              <DeleteSweepIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={translate('app.side_panel.close')}>
          <IconButton aria-label={translate('app.side_panel.close')} onClick={onClose} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {Extra && <Extra id={entry.id} />}
    </>
  );
}
