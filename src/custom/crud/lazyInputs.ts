import type { NullableBooleanInputProps } from 'react-admin';
import { lazyComponent } from '../lazyComponent';

/*
 * Inputs a list declares among its filters, loaded with the filter form instead of with the list's
 * declaration: an input brings react-admin's form code (react-hook-form), which the rows do not need and
 * the first page would wait for. The toolbar, which shows them, comes after the rows (ListPage.tsx).
 */
export const LazyNullableBooleanInput = lazyComponent<NullableBooleanInputProps>(() =>
  import('./formInputs').then((module) => module.NullableBooleanInput),
);
