import { DataTable, DateField, List } from 'react-admin';

/** The same request as the back-office's courses list: 25 a page, last updated first. */
export function CourseList() {
  return (
    <List sort={{ field: 'updatedAt', order: 'DESC' }} perPage={25}>
      <DataTable>
        <DataTable.Col source="title" />
        <DataTable.Col source="status" />
        <DataTable.Col source="updatedAt">
          <DateField source="updatedAt" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
