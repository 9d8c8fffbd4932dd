import { Route } from 'react-router-dom';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes, LoadingPage, LogoutOnMount, Resource } from 'react-admin';
import { AppLayout } from './custom/layout/AppLayout';
import { AccessDenied, AuthenticationError, ErrorPage, PageNotFound } from './custom/layout/lazyStatusPages';
import { appStore } from './providers/appStore';
import { queryClient } from './providers/queryClient';
import { lightTheme } from './theme';
import { StackedNotification } from './custom/snackbars';
import {
  ForgotPasswordPage,
  InvitationPage,
  LoginPage,
  NewPasswordPage,
  VerifyCodePage,
} from './custom/auth/lazyPages';
import { OnboardPage, OnboardSuccessPage } from './custom/onboarding/lazyPages';
import { UnsubscribePage } from './custom/unsubscribe/lazyUnsubscribePage';
import { UNSUBSCRIBE_ROUTE } from './domain/learningMail';
import { COURSE_LEARNERS_ROUTE, LEARNER_ROUTE } from './custom/learners/learnerPages';
import { lazyComponent } from './custom/lazyComponent';
import { Dashboard } from './custom/dashboard/lazyDashboard';
import { AUTH_ROUTES, authProvider } from './providers/authProvider';
import { RIGHTS_ROUTE } from './custom/rights/rightsRoute';
import { COURSE_FUNNEL_ROUTE, LEARNING_REPORTS_ROUTE } from './custom/learningReports/learningRoutes';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { resources } from './resources';

// Not needed to show a list: its own chunk, like the sign-in pages.
const AccountPage = lazyComponent(() => import('./custom/account/AccountPage').then((module) => module.AccountPage));
const TicketAttachmentPage = lazyComponent(() =>
  import('./custom/tickets/attachments/TicketAttachmentPage').then((module) => module.TicketAttachmentPage),
);
const RightsPage = lazyComponent(() => import('./custom/rights/RightsPage').then((module) => module.RightsPage));
const CourseOutlinePage = lazyComponent(() =>
  import('./custom/outline/CourseOutlinePage').then((module) => module.CourseOutlinePage),
);
const CourseLearnersPage = lazyComponent(() =>
  import('./custom/learners/CourseLearnersPage').then((module) => module.CourseLearnersPage),
);
const LearnerPage = lazyComponent(() => import('./custom/learners/LearnerPage').then((module) => module.LearnerPage));
// The reports carry the charts' library: only these two screens load it.
const LearningReportPage = lazyComponent(() =>
  import('./custom/learningReports/LearningReportPage').then((module) => module.LearningReportPage),
);
const CourseFunnelPage = lazyComponent(() =>
  import('./custom/learningReports/CourseFunnelPage').then((module) => module.CourseFunnelPage),
);

/*
 * react-admin's <Admin>, assembled from its two halves (AdminContext, CoreAdminUI) as its documentation
 * shows: <Admin> and <AdminUI> import their default login form, notification, English messages and
 * store even when the app replaces them all, and the first page would download them for nothing.
 */
export function App() {
  return (
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={lightTheme}
      store={appStore}
      queryClient={queryClient}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          disableTelemetry
          requireAuth
          title="Back-office"
          layout={AppLayout}
          dashboard={Dashboard}
          loginPage={LoginPage}
          loading={LoadingPage}
          error={ErrorPage}
          catchAll={PageNotFound}
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
        >
          {/* Public screens, bare (no menu): the sign-in flows, the sign-up of a structure, a mail's opt-out link. */}
          <CustomRoutes noLayout>
            <Route path={AUTH_ROUTES.logout} element={<LogoutOnMount />} />
            <Route path={AUTH_ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
            <Route path={AUTH_ROUTES.code} element={<VerifyCodePage />} />
            <Route path={AUTH_ROUTES.newPassword} element={<NewPasswordPage />} />
            <Route path={AUTH_ROUTES.invitation} element={<InvitationPage />} />
            <Route path="/onboard" element={<OnboardPage />} />
            <Route path="/onboard/success" element={<OnboardSuccessPage />} />
            <Route path={UNSUBSCRIBE_ROUTE} element={<UnsubscribePage />} />
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/account" element={<AccountPage />} />
            <Route path={RIGHTS_ROUTE} element={<RightsPage />} />
            <Route path="/courses/:id/outline" element={<CourseOutlinePage />} />
            <Route path={COURSE_LEARNERS_ROUTE} element={<CourseLearnersPage />} />
            <Route path={LEARNER_ROUTE} element={<LearnerPage />} />
            <Route path={LEARNING_REPORTS_ROUTE} element={<LearningReportPage />} />
            <Route path={COURSE_FUNNEL_ROUTE} element={<CourseFunnelPage />} />
            {/* Where the e-mail to a ticket's author links each file of a reply (after sign-in). */}
            <Route path="/ticket-attachments/:id" element={<TicketAttachmentPage />} />
          </CustomRoutes>
          {/* What the generic screens read of a resource beyond react-admin's own props: its menu section,
              its list's order, its show screen (the side panel's infos) and its list (whose screens say how
              its fields read where a custom show screen does not: a record's history). */}
          {resources.map(({ group, listSort, ...resource }) => (
            <Resource
              key={resource.name}
              {...resource}
              options={{ ...resource.options, group, listSort, show: resource.show, list: resource.list }}
            />
          ))}
        </CoreAdminUI>
        <StackedNotification />
      </CssBaseline>
    </AdminContext>
  );
}
