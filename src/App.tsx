import { Admin, localStorageStore, LoginWithEmail, Resource } from 'react-admin';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { APP_NAME } from './providers/sessionStore';
import { resources } from './resources';

// Preferences (list sorts, filters, language) are kept per application name, like the session.
const store = localStorageStore(undefined, APP_NAME);

export function App() {
  return (
    <Admin
      disableTelemetry
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginWithEmail}
      store={store}
      requireAuth
      title="Back-office"
    >
      {resources.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
    </Admin>
  );
}
