// react-admin's inputs that a resource's list declares as filters, for lazyInputs.ts to load apart.
export { NullableBooleanInput } from 'react-admin';
