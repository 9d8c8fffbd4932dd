import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, LogoutOnMount, Resource } from 'react-admin';
import { AppLayout } from './custom/layout/AppLayout';
import { createAppStore } from './providers/appStore';
import { lightTheme } from './theme';
import { StackedNotification } from './custom/snackbars';
import { ForgotPasswordPage, LoginPage, NewPasswordPage, VerifyCodePage } from './custom/auth/lazyPages';
import { lazyComponent } from './custom/lazyComponent';
import { AUTH_ROUTES, authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { resources } from './resources';

// Not needed to show a list: its own chunk, like the sign-in pages.
const AccountPage = lazyComponent(() => import('./custom/account/AccountPage').then((module) => module.AccountPage));

// Preferences (list sorts, filters) are kept per application name, like the session; the language per tab.
const store = createAppStore();

export function App() {
  return (
    <Admin
      disableTelemetry
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      notification={StackedNotification}
      layout={AppLayout}
      theme={lightTheme}
      store={store}
      requireAuth
      title="Back-office"
    >
      {/* Public screens, bare (no menu): the sign-in flows. */}
      <CustomRoutes noLayout>
        <Route path={AUTH_ROUTES.logout} element={<LogoutOnMount />} />
        <Route path={AUTH_ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={AUTH_ROUTES.code} element={<VerifyCodePage />} />
        <Route path={AUTH_ROUTES.newPassword} element={<NewPasswordPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/account" element={<AccountPage />} />
      </CustomRoutes>
      {resources.map(({ group: _group, ...resource }) => (
        <Resource key={resource.name} {...resource} />
      ))}
    </Admin>
  );
}
