import type { ScreensConfig } from './fieldSpec';

/** Loads a resource folder's `screens.ts`: its fields' presentation read with its contract. */
export type LoadScreens = () => Promise<{ config: ScreensConfig }>;

/**
 * The declaration a screen made by `lazyScreen` was made from, if it was: apart from lazyScreen.ts, which
 * brings the list screen with it, for what needs a resource's fields and not its screens.
 */
export function screensLoaderOf(screen: unknown): LoadScreens | undefined {
  const load: unknown = (screen as { screens?: unknown } | null | undefined)?.screens;
  return typeof load === 'function' ? (load as LoadScreens) : undefined;
}
