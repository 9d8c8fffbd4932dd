import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  DateField,
  List,
  ListActions,
  ReferenceField,
  ReferenceInput,
  SimpleList,
} from 'react-admin';
import '../chapterParts/messages';
import { FilterDrawer } from '../crud/FilterDrawer';
import { searchOf } from '../crud/fieldSpec';
import { ResponseStatusField } from './ResponseStatusField';
import { ReviewPartFilterInput } from './ReviewPartFilterInput';
import { ReviewPartLabel } from './ReviewPartLabel';
import { ReviewStatusFilterInput } from './ReviewStatusFilterInput';

const FILTERS = [
  <ReviewStatusFilterInput key="status" source="status" alwaysOn />,
  <ReferenceInput key="chapter" source="chapter" reference="chapters" alwaysOn>
    <AutocompleteInput label="app.parts.review.chapter" filterToQuery={searchOf('chapters')} sx={{ minWidth: 200 }} />
  </ReferenceInput>,
  <ReviewPartFilterInput key="chapterPart" source="chapterPart" alwaysOn />,
  <ReferenceInput key="user" source="user" reference="users" alwaysOn>
    <AutocompleteInput label="app.parts.review.learner" filterToQuery={searchOf('users')} sx={{ minWidth: 200 }} />
  </ReferenceInput>,
];

/**
 * The learners' answers to review: those waiting first (status « Soumise » by default, oldest
 * first), narrowed by chapter, part and learner; a row opens the answer's review, whose verdict goes on
 * to the next answer of the same selection.
 */
export function ResponseReviewList() {
  // A phone gets one line per answer instead of the table, which would be wider than its screen.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title="app.parts.review.title"
      // On a phone, the filters are in a drawer: four inputs would fill the screen above the answers.
      filters={phone ? undefined : FILTERS}
      actions={
        phone ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, width: '100%' }}>
            <FilterDrawer filters={FILTERS} />
            <ListActions />
          </Box>
        ) : undefined
      }
      filterDefaultValues={{ status: 'submitted' }}
      sort={{ field: 'createdAt', order: 'ASC' }}
      exporter={false}
    >
      {phone ? (
        <SimpleList
          rowClick="edit"
          primaryText={
            <ReferenceField source="chapterPart" reference="chapter-parts" link={false}>
              <ReviewPartLabel />
            </ReferenceField>
          }
          secondaryText={<ReferenceField source="user" reference="users" link={false} />}
          tertiaryText={<ResponseStatusField />}
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="createdAt" label="app.parts.review.submitted_at">
            <DateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="user" label="app.parts.review.learner" disableSort>
            <ReferenceField source="user" reference="users" link={false} />
          </DataTable.Col>
          <DataTable.Col source="chapter" label="app.parts.review.chapter" disableSort>
            <ReferenceField source="chapterPart" reference="chapter-parts" link={false}>
              <ReferenceField source="chapter" reference="chapters" link={false} />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col source="chapterPart" label="resources.chapter-part-responses.fields.chapterPart" disableSort>
            <ReferenceField source="chapterPart" reference="chapter-parts" link={false}>
              <ReviewPartLabel />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col source="status">
            <ResponseStatusField />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
