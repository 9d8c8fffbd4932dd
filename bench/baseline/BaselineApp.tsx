import { Admin, Resource } from 'react-admin';
import { CourseList } from './CourseList';
import { authProvider, dataProvider, i18nProvider } from './providers';

/**
 * The reference point of `npm run bench:app-load`: the smallest react-admin app that shows the same list
 * as the back-office, from the same API, with nothing lazy. The back-office should load no slower.
 */
export function BaselineApp() {
  return (
    <Admin
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      requireAuth
      disableTelemetry
    >
      <Resource name="courses" list={CourseList} />
    </Admin>
  );
}
