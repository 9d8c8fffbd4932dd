import type { ComponentType, ReactNode } from 'react';
import { Box, Checkbox, Chip, List, ListItem, ListItemButton, Typography } from '@mui/material';
import {
  BulkActionsToolbar,
  BulkDeleteButton,
  ListNoResults,
  RecordContextProvider,
  TextField,
  useGetRecordRepresentation,
  useListContext,
  useRecordContext,
  useTranslate,
  useTranslateLabel,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { FieldSpec } from './fieldSpec';
import { fieldValue } from './fieldValue';
import type { PhoneLine } from './phoneLine';
import { STRUCTURE_LABEL, StructureName } from './structureField';

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A status as it reads beside the title: an enumerated value as a chip of its label, else its own value. */
function StatusValue({ spec }: { spec: FieldSpec }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[spec.source];
  if (isEmpty(value)) return null;
  if (spec.kind === 'enum' && !spec.render)
    return (
      <Chip
        size="small"
        variant="outlined"
        label={translate(`choices.${spec.choiceGroup ?? spec.source}.${String(value)}`, { _: String(value) })}
      />
    );
  return fieldValue(spec, 'list');
}

/** A fact's value as it reads inside the line's button: a link there would be a control within a control. */
function FactValue({ spec }: { spec: FieldSpec }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (spec.render) return fieldValue(spec, 'list');
  if (spec.kind === 'boolean') return <>{translate(record?.[spec.source] ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
  if (spec.kind === 'email' || spec.kind === 'url') return <TextField source={spec.source} />;
  return fieldValue(spec, 'list');
}

/** A fact under its label ("Concerne : …"), nothing when the record has no value for it. */
function Fact({ spec, resource }: { spec: FieldSpec; resource: string }) {
  const record = useRecordContext();
  const translateLabel = useTranslateLabel();
  if (isEmpty(record?.[spec.source])) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'baseline', minWidth: 0 }}>
      <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {translateLabel({ source: spec.source, resource })} :
      </Box>
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <FactValue spec={spec} />
      </Box>
    </Box>
  );
}

function StructureFact() {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'baseline' }}>
      <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {translate(STRUCTURE_LABEL)} :
      </Box>
      <StructureName />
    </Box>
  );
}

export interface PhoneListProps {
  line: PhoneLine;
  /** The list's row click (the side panel's): the record it opens. */
  rowClick: (id: Identifier, resource: string, record: RaRecord) => unknown;
  /** Platform staff looking at every structure read each row's structure. */
  showsStructure?: boolean;
  /** The row's buttons (download, activate), under its line: a button is not put inside another. */
  rowActions?: ComponentType;
  /** The list offers "Créer": room at its end for react-admin's floating button, over the last line otherwise. */
  creates?: boolean;
  /**
   * What a selection can do, as the table's `bulkActionButtons`: undefined for react-admin's default (delete
   * with undo), false for no selection at all.
   */
  bulkActionButtons?: ReactNode | false;
}

/**
 * A list on a phone: one line per record, as react-admin's <SimpleList> draws it (its title, key facts and
 * status), where the table's columns would be cut off at the screen's edge. A tap opens the record as a
 * click on a row of the table does.
 */
export function PhoneList({
  line,
  rowClick,
  showsStructure,
  rowActions: RowActions,
  creates,
  bulkActionButtons,
}: PhoneListProps) {
  const { data, resource, selectedIds, onToggleItem } = useListContext();
  const representation = useGetRecordRepresentation(resource);
  const translate = useTranslate();
  const selects = bulkActionButtons !== false;
  if (!data || data.length === 0) return <ListNoResults />;
  return (
    <>
      {selects && <BulkActionsToolbar>{bulkActionButtons ?? <BulkDeleteButton />}</BulkActionsToolbar>}
      <List disablePadding data-testid="phone-list" sx={{ pb: creates ? 9 : 0 }}>
        {data.map((record) => (
          <RecordContextProvider value={record} key={record.id}>
            <ListItem disablePadding divider sx={{ display: 'block' }} data-testid="phone-line">
              <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
                {selects && (
                  // Beside the line's button, not inside it: a control within a control reaches no one.
                  <Checkbox
                    checked={selectedIds.includes(record.id)}
                    onChange={() => onToggleItem(record.id)}
                    slotProps={{ input: { 'aria-label': translate('ra.action.select_row') } }}
                    sx={{ mt: 0.5 }}
                  />
                )}
                <ListItemButton
                  onClick={() => rowClick(record.id, resource, record)}
                  sx={{
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'stretch',
                    gap: 0.5,
                    py: 1,
                    minWidth: 0,
                    ...(selects ? { pl: 0 } : {}),
                  }}
                >
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                    <Typography
                      component="span"
                      sx={{ flex: 1, minWidth: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
                    >
                      {representation(record)}
                    </Typography>
                    {line.status.length > 0 && (
                      <Box
                        sx={{
                          display: 'flex',
                          flexWrap: 'wrap',
                          justifyContent: 'flex-end',
                          gap: 0.5,
                          maxWidth: '55%',
                        }}
                      >
                        {line.status.map((spec) => (
                          <StatusValue key={spec.source} spec={spec} />
                        ))}
                      </Box>
                    )}
                  </Box>
                  <Box
                    sx={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      columnGap: 1.5,
                      rowGap: 0.25,
                      typography: 'body2',
                      '&:empty': { display: 'none' },
                    }}
                  >
                    {line.facts.map((spec) => (
                      <Fact key={spec.source} spec={spec} resource={resource} />
                    ))}
                    {showsStructure && <StructureFact />}
                  </Box>
                </ListItemButton>
              </Box>
              {RowActions && (
                <Box sx={{ px: 2, pb: 1, display: 'flex', flexWrap: 'wrap', gap: 1, '&:empty': { display: 'none' } }}>
                  <RowActions />
                </Box>
              )}
            </ListItem>
          </RecordContextProvider>
        ))}
      </List>
    </>
  );
}
