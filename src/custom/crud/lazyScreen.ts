import { createElement, type ComponentType } from 'react';
import { lazyComponent } from '../lazyComponent';
import type { ScreensConfig } from './fieldSpec';

export type ScreenKind = 'List' | 'Show' | 'Edit' | 'Create';

interface ScreenProps {
  config: ScreensConfig;
}

interface GenericScreen {
  Screen: ComponentType<ScreenProps & Record<string, unknown>>;
  /** Loads what this resource's screen needs beyond the kind's own code (its fields' code). */
  prepare?: (config: ScreensConfig) => Promise<void>;
}

/*
 * One chunk per kind of screen, shared by every resource: opening a list loads the list's code and the
 * resource's declaration, not the forms' inputs.
 */
const GENERIC_SCREENS: Record<ScreenKind, () => Promise<GenericScreen>> = {
  List: () => import('./ResourceList').then((module) => ({ Screen: module.ResourceList, prepare: module.prepareList })),
  Show: () => import('./ResourceShow').then((module) => ({ Screen: module.ResourceShow, prepare: module.prepareShow })),
  Edit: () => import('./ResourceEdit').then((module) => ({ Screen: module.ResourceEdit })),
  Create: () => import('./ResourceCreate').then((module) => ({ Screen: module.ResourceCreate })),
};

/**
 * One standard screen of a resource folder: its `screens.ts` declaration and the kind's generic screen,
 * both loaded on first use (or on `preload`, which the app calls for the route it opens on).
 */
export function lazyScreen(load: () => Promise<{ config: ScreensConfig }>, kind: ScreenKind) {
  return lazyComponent(async () => {
    const [{ config }, { Screen, prepare }] = await Promise.all([load(), GENERIC_SCREENS[kind]()]);
    await prepare?.(config);
    return function ResourceScreen(props: object) {
      return createElement(Screen, { ...props, config });
    };
  });
}
