import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ReportParams } from '../../domain/learningReports';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * The figures for a period and a course, one request. A new narrowing keeps the former figures on screen
 * until the new ones are in (`isPlaceholderData`), so the charts do not blink out at each change.
 */
export function useLearningReport(params: ReportParams, enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['learning-report', params.from, params.to, params.course ?? null],
    queryFn: ({ signal }) => dataProvider.getLearningReport(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
