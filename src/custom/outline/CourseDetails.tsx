import { Box } from '@mui/material';
import {
  EditBase,
  Labeled,
  ReferenceField,
  ReferenceInput,
  SaveButton,
  SelectInput,
  ShowBase,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  maxLength,
  required,
  type Identifier,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useStaleSaves } from '../crud/useStaleSaves';
import { CourseCoverInput } from '../library/DocumentReferenceInput';
import { TITLE_MAX_LENGTH } from './titleLength';
import { outlineKey } from './useCourseOutline';

/**
 * The course's own fields, edited in place above its outline: title, language, cover, description. Saved
 * like any edit form (pessimistic, only what changed, refused when stale); the tags and skills beside it
 * change through their actions, and the form keeps what is being typed when the record comes back. A
 * read-only course's are shown, not edited.
 */
export function CourseDetails({ id, readOnly }: { id: Identifier; readOnly?: boolean }) {
  const queryClient = useQueryClient();
  const { onError, staleAlert } = useStaleSaves();
  if (readOnly) return <CourseSummary id={id} />;
  return (
    <EditBase
      resource="courses"
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onError, onSuccess: () => void queryClient.invalidateQueries({ queryKey: outlineKey(id) }) }}
    >
      {staleAlert}
      <SimpleForm
        resetOptions={{ keepDirtyValues: true }}
        sx={{ p: 0 }}
        toolbar={
          <Toolbar sx={{ minHeight: 0, px: 0 }}>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="title" validate={[required(), maxLength(TITLE_MAX_LENGTH.course)]} fullWidth />
        <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' }}>
          <ReferenceInput source="language" reference="languages" perPage={500} sort={{ field: 'name', order: 'ASC' }}>
            <SelectInput optionText="name" fullWidth />
          </ReferenceInput>
          <CourseCoverInput source="cover" />
        </Box>
        {/* Three rows whatever its length (a longer one scrolls): the form keeps the height the outline
            page reserves for it before it mounts. */}
        <TextInput source="description" multiline rows={3} fullWidth />
      </SimpleForm>
    </EditBase>
  );
}

/** A read-only course's own fields, shown as they are. */
function CourseSummary({ id }: { id: Identifier }) {
  return (
    <ShowBase resource="courses" id={id}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Labeled source="title">
          <TextField source="title" />
        </Labeled>
        <Labeled source="language">
          <ReferenceField source="language" reference="languages" link={false} />
        </Labeled>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Labeled source="description">
            <TextField source="description" emptyText="—" />
          </Labeled>
        </Box>
      </Box>
    </ShowBase>
  );
}
