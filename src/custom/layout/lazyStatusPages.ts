import { lazyComponent } from '../lazyComponent';

const load = () => import('./StatusPages');

export const AccessDenied = lazyComponent(() => load().then((module) => module.AccessDenied));
export const AuthenticationError = lazyComponent(() => load().then((module) => module.AuthenticationError));
export const PageNotFound = lazyComponent(() => load().then((module) => module.PageNotFound));
export const ErrorPage = lazyComponent(() => load().then((module) => module.Error));
