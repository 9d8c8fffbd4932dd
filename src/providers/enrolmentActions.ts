import type { Identifier, RaRecord } from 'react-admin';
import type {
  EnrolmentPreview,
  EnrolmentRequest,
  EnrolmentResult,
  LearnerView,
  RuleApplyResult,
  RulePreview,
  UnsubscribeResult,
} from '../domain/enrolmentPayloads';
import type { HttpClient } from './httpClient';
import { fromApi } from './records';
import { routes } from './routes';

const post = (body: unknown = {}) => ({ method: 'POST', body: JSON.stringify(body) });

/**
 * Enrolling and following learners, as named methods of the dataProvider: a course's enrolment and its
 * preview, a participation's unenrol and re-enrol, a rule applied to the members already there, one
 * learner's view, and the opt-out link of a reminder mail.
 */
export function createEnrolmentActions(http: HttpClient) {
  return {
    /** Who the enrolment would reach, counted; nothing is written. */
    previewEnrolment: async (request: EnrolmentRequest): Promise<EnrolmentPreview> =>
      (await http(routes.enrolmentPreview, post(request))).json as EnrolmentPreview,
    /** The enrolment itself: the same counts as its preview for the same state. */
    enrol: async (request: EnrolmentRequest): Promise<EnrolmentResult> =>
      (await http(routes.enrolments, post(request))).json as EnrolmentResult,
    /** The learner leaves the course's lists; their validations and answers are kept. */
    unenrol: async (participation: Identifier): Promise<{ data: RaRecord }> => ({
      data: fromApi((await http(routes.action('participations', participation, 'unenrol'), post())).json) as RaRecord,
    }),
    reenrol: async (participation: Identifier): Promise<{ data: RaRecord }> => ({
      data: fromApi((await http(routes.action('participations', participation, 'reenrol'), post())).json) as RaRecord,
    }),
    previewRule: async (rule: Identifier): Promise<RulePreview> =>
      (await http(routes.action('enrolment-rules', rule, 'preview'), post())).json as RulePreview,
    applyRule: async (rule: Identifier): Promise<RuleApplyResult> =>
      (await http(routes.action('enrolment-rules', rule, 'apply'), post())).json as RuleApplyResult,
    /** A learner's courses; a learner out of the session's reach is a 404, taken as an answer. */
    getLearnerView: async (user: Identifier, signal?: AbortSignal): Promise<LearnerView> =>
      (await http(routes.learner(user), { signal, expected: [404] })).json as LearnerView,
    /** A mail's opt-out link, with no session: its token says who and what; a bad one is a 422 on `token`. */
    unsubscribeMails: async (token: string): Promise<UnsubscribeResult> =>
      (await http(routes.unsubscribe, { ...post({ token }), secured: false, expected: [422] }))
        .json as UnsubscribeResult,
  };
}
