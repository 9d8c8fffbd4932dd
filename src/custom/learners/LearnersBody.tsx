import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { Loader } from '../Loader';

/**
 * The list's rows and their filters, or `empty` for a course without any learner (no filter on, nothing
 * found), or the list's failure said in French.
 */
export function LearnersBody({ empty, children }: { empty: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  const { data, error, filterValues, isPending, total } = useListContext();
  if (error) return <Alert severity="error">{translate('app.learning.learners.load_error')}</Alert>;
  if (isPending && !data) return <Loader size="medium" />;
  if (total === 0 && Object.keys(filterValues).length === 0) return empty;
  return children;
}
