import { lazyComponent } from '../lazyComponent';

/** The home page, in its own chunk like every screen: preloaded when the app opens on `/`. */
export const Dashboard = lazyComponent(() => import('./Dashboard').then((module) => module.Dashboard));
