import type { Identifier } from 'react-admin';
import type {
  CourseFunnel,
  LearningOverview,
  LearningReport,
  ReportParams,
  ReportSubscription,
} from '../domain/learningReports';
import type { HttpClient } from './httpClient';
import { routes } from './routes';
import { filenameOf, type DownloadResult } from './transfer';

/** A report's query string: only the narrowing the screen chose, so the server's defaults hold otherwise. */
export function reportQuery({ course, from, to }: ReportParams, format?: 'csv'): string {
  const query = new URLSearchParams();
  if (course !== undefined) query.set('course', String(course));
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  if (format) query.set('format', format);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * The learning reports as named methods of the dataProvider: the "Suivi" figures and their CSV, a course's
 * funnel, the home page's learners, and the session's weekly e-mail of the figures.
 */
export function createLearningReportActions(http: HttpClient, save: (file: DownloadResult) => void) {
  return {
    getLearningReport: async (params: ReportParams, signal?: AbortSignal): Promise<LearningReport> =>
      (await http(`${routes.learningReport}${reportQuery(params)}`, { signal })).json as LearningReport,
    /** The same figures as a French CSV the server writes, saved under the name it gives. */
    exportLearningReport: async (params: ReportParams): Promise<DownloadResult> => {
      const response = await http(`${routes.learningReport}${reportQuery(params, 'csv')}`, { responseType: 'blob' });
      const file = {
        blob: response.blob as Blob,
        filename: filenameOf(response.headers.get('Content-Disposition'), 'suivi.csv'),
      };
      save(file);
      return file;
    },
    getCourseFunnel: async (course: Identifier, signal?: AbortSignal): Promise<CourseFunnel> =>
      (await http(routes.courseFunnel(course), { signal })).json as CourseFunnel,
    /**
     * The home page's learners: a structure's for its administrators, their own learners' for a supervisor.
     * A session that follows no one may be refused (403): that is an answer, none to show, not a failure.
     */
    getLearningOverview: async (signal?: AbortSignal): Promise<LearningOverview | null> => {
      const response = await http(routes.learningOverview, { signal, expected: [403] });
      return response.status === 403 ? null : (response.json as LearningOverview);
    },
    getReportSubscription: async (signal?: AbortSignal): Promise<ReportSubscription> =>
      (await http(routes.reportSubscription, { signal })).json as ReportSubscription,
    /** Subscribes (`true`) or unsubscribes the session's user (the screen reads the subscription again after). */
    setReportSubscription: async (subscribed: boolean): Promise<void> => {
      await http(routes.reportSubscription, subscribed ? { method: 'PUT', body: '{}' } : { method: 'DELETE' });
    },
  };
}
