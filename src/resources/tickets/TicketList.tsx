import { DataTable, List, SearchInput, SelectField, SelectInput } from 'react-admin';
import { DateTimeField } from '../../custom/fields/DateTimeField';
import type { Ticket } from '../../domain/records';
import { TICKET_STATUSES, TICKET_TYPES } from '../../domain/statuses';
import { choicesOf } from '../choices';

const typeChoices = choicesOf(TICKET_TYPES, 'ticketType');
const statusChoices = choicesOf(TICKET_STATUSES, 'ticketStatus');

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={typeChoices} alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

export default function TicketList() {
  return (
    <List filters={filters} sort={{ field: 'updatedAt', order: 'DESC' }} perPage={25}>
      <DataTable<Ticket> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="subject" />
        <DataTable.Col source="type" disableSort>
          <SelectField source="type" choices={typeChoices} />
        </DataTable.Col>
        <DataTable.Col source="status">
          <SelectField source="status" choices={statusChoices} />
        </DataTable.Col>
        <DataTable.Col source="updatedAt" field={DateTimeField} />
      </DataTable>
    </List>
  );
}
