import { DataTable, List } from 'react-admin';
import type { AccessRight } from '../../domain/records';

export default function AccessRightList() {
  return (
    <List sort={{ field: 'code', order: 'ASC' }} perPage={25}>
      <DataTable<AccessRight> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="label" />
        <DataTable.Col source="description" />
      </DataTable>
    </List>
  );
}
