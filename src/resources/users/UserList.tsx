import { BooleanField, DataTable, EmailField, List, SearchInput, SelectField, SelectInput } from 'react-admin';
import { DateTimeField } from '../../custom/fields/DateTimeField';
import type { User } from '../../domain/records';
import { USER_TYPES } from '../../domain/statuses';
import { choicesOf } from '../choices';

const typeChoices = choicesOf(USER_TYPES, 'userType');

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={typeChoices} alwaysOn />,
];

const fullName = (user: User) => `${user.firstName} ${user.lastName}`;

export default function UserList() {
  return (
    <List filters={filters} sort={{ field: 'lastName', order: 'ASC' }} perPage={25}>
      <DataTable<User> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="lastName" label="resources.users.fields.name" render={fullName} />
        <DataTable.Col source="email" field={EmailField} />
        <DataTable.Col source="type">
          <SelectField source="type" choices={typeChoices} />
        </DataTable.Col>
        <DataTable.Col source="enabled" field={BooleanField} />
        <DataTable.Col source="lastConnectionAt" field={DateTimeField} />
      </DataTable>
    </List>
  );
}
