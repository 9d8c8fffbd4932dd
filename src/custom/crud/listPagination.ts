// react-admin's list pagination, loaded apart (ListPage.tsx): its page-size select brings MUI's Select,
// Menu and inputs, which the rows do not need.
export { Pagination } from 'react-admin';
