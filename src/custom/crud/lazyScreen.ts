import { lazy } from 'react';
import type { Screens } from './screensFor';

/**
 * One screen of a resource folder's `screens.ts`, loaded only when first shown. Kept apart from
 * screensFor so that declaring a resource pulls none of the screens' code into the first bundle.
 */
export function lazyScreen(load: () => Promise<{ screens: Screens }>, which: Exclude<keyof Screens, 'config'>) {
  return lazy(async () => ({ default: (await load()).screens[which] }));
}
