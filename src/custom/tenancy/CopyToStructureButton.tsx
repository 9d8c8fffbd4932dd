import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useBasename, useDataProvider, useNotify, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { rightsOf } from '../../domain/rights';
import { isCatalogueRecord } from '../../domain/tenancy';
import { sessionAllows } from '../../providers/authProvider';
import type { AppDataProvider } from '../../providers/dataProvider';
import { outlinePage } from '../outline/outlinePage';
import { useSessionStructure } from './useSessionStructure';

/** Whether the session works inside a structure, reads this catalogue course, and may have courses of its own. */
export function useOffersCopy(record: RaRecord | undefined): boolean {
  const { allStructures } = useSessionStructure();
  if (!record || allStructures) return false;
  return isCatalogueRecord(rightsOf('courses').tenancy, record) && sessionAllows('courses', 'create');
}

/**
 * "Copier dans ma structure" on a catalogue course: the course is copied whole into the session's structure
 * (`POST /api/courses/{id}/copy`), which owns and edits the copy; its outline opens.
 */
export function CopyToStructureButton({ record: given }: { record?: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const record = useRecordContext({ record: given });
  const [busy, setBusy] = useState(false);
  const offered = useOffersCopy(record);
  if (!offered || !record) return null;

  const copy = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.copyCourse({ id: record.id });
      await queryClient.invalidateQueries({ queryKey: ['courses'] });
      notify('app.tenancy.copy.done', { type: 'success' });
      navigate(`${basename}${outlinePage(data.id)}`);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'GenericError', { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      startIcon={<ContentCopyIcon />}
      disabled={busy}
      aria-label={translate('app.tenancy.copy.named', { title: String(record.title ?? '') })}
      onClick={(event) => {
        // On a list row: the copy, not the row's side panel.
        event.stopPropagation();
        void copy();
      }}
    >
      {translate('app.tenancy.copy.button')}
    </Button>
  );
}
