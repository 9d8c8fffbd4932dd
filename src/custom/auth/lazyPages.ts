import { lazyComponent } from '../lazyComponent';

/*
 * The sign-in flows, each loaded when shown: a signed-in user opening a page needs none of them, and a
 * visitor needs only the login form (which the app preloads when there is no session).
 */
export const LoginPage = lazyComponent(() => import('./LoginPage').then((module) => module.LoginPage));
export const ForgotPasswordPage = lazyComponent(() =>
  import('./ForgotPasswordPage').then((module) => module.ForgotPasswordPage),
);
export const VerifyCodePage = lazyComponent(() => import('./VerifyCodePage').then((module) => module.VerifyCodePage));
export const NewPasswordPage = lazyComponent(() =>
  import('./NewPasswordPage').then((module) => module.NewPasswordPage),
);
export const InvitationPage = lazyComponent(() => import('./InvitationPage').then((module) => module.InvitationPage));
