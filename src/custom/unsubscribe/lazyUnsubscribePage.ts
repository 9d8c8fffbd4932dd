import { lazyComponent } from '../lazyComponent';

/** The public page of a mail's opt-out link, loaded when opened: nobody else needs it. */
export const UnsubscribePage = lazyComponent(() =>
  import('./UnsubscribePage').then((module) => module.UnsubscribePage),
);
