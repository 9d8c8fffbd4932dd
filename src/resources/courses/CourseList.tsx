import { BooleanField, DataTable, List, SearchInput, SelectField, SelectInput } from 'react-admin';
import { DateTimeField } from '../../custom/fields/DateTimeField';
import type { Course } from '../../domain/records';
import { COURSE_STATUSES } from '../../domain/statuses';
import { choicesOf } from '../choices';

const statusChoices = choicesOf(COURSE_STATUSES, 'courseStatus');

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

export default function CourseList() {
  return (
    <List filters={filters} sort={{ field: 'updatedAt', order: 'DESC' }} perPage={25}>
      <DataTable<Course> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="status">
          <SelectField source="status" choices={statusChoices} />
        </DataTable.Col>
        <DataTable.Col source="isTemplate" field={BooleanField} />
        <DataTable.Col source="updatedAt" field={DateTimeField} />
      </DataTable>
    </List>
  );
}
