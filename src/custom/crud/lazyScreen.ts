import { createElement, type ComponentType } from 'react';
import { lazyComponent } from '../lazyComponent';
import type { ScreensConfig } from './fieldSpec';

export type ScreenKind = 'List' | 'Show' | 'Edit' | 'Create';

interface ScreenProps {
  config: ScreensConfig;
}

/*
 * One chunk per kind of screen, shared by every resource: opening a list loads the list's code and the
 * resource's declaration, not the forms' inputs.
 */
const GENERIC_SCREENS: Record<ScreenKind, () => Promise<ComponentType<ScreenProps & Record<string, unknown>>>> = {
  List: () => import('./ResourceList').then((module) => module.ResourceList),
  Show: () => import('./ResourceShow').then((module) => module.ResourceShow),
  Edit: () => import('./ResourceEdit').then((module) => module.ResourceEdit),
  Create: () => import('./ResourceCreate').then((module) => module.ResourceCreate),
};

/**
 * One standard screen of a resource folder: its `screens.ts` declaration and the kind's generic screen,
 * both loaded on first use (or on `preload`, which the app calls for the route it opens on).
 */
export function lazyScreen(load: () => Promise<{ config: ScreensConfig }>, kind: ScreenKind) {
  return lazyComponent(async () => {
    const [{ config }, Screen] = await Promise.all([load(), GENERIC_SCREENS[kind]()]);
    return function ResourceScreen(props: object) {
      return createElement(Screen, { ...props, config });
    };
  });
}
