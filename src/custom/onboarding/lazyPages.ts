import { lazyComponent } from '../lazyComponent';

/* The sign-up's two public pages, each loaded when shown: a signed-in user never needs them. */
export const OnboardPage = lazyComponent(() => import('./OnboardPage').then((module) => module.OnboardPage));
export const OnboardSuccessPage = lazyComponent(() =>
  import('./OnboardSuccessPage').then((module) => module.OnboardSuccessPage),
);
