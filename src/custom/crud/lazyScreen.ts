import { createElement, type ComponentType } from 'react';
import { contractOf } from '../../domain/contracts';
import { ALL_OPERATIONS } from '../../domain/contracts/types';
import { lazyComponent } from '../lazyComponent';
import type { ScreensConfig } from './fieldSpec';
import type { LoadScreens } from './screensLoader';
import { ResourceList, prepareList } from './ResourceList';

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
 * One chunk per kind of screen, shared by every resource: opening a list loads the resource's declaration,
 * not the forms' inputs. The list itself comes with the app: every session starts on one (a sign-in lands
 * on the users list), and as some twenty small chunks shared with the other screens, its code took longer
 * to arrive than the whole entry. Its toolbar (a form) stays apart (ListPage.tsx).
 */
const GENERIC_SCREENS: Record<ScreenKind, () => Promise<GenericScreen>> = {
  List: async () => ({ Screen: ResourceList, prepare: prepareList }),
  Show: () => import('./ResourceShow').then((module) => ({ Screen: module.ResourceShow, prepare: module.prepareShow })),
  Edit: () => import('./ResourceEdit').then((module) => ({ Screen: module.ResourceEdit })),
  Create: () => import('./ResourceCreate').then((module) => ({ Screen: module.ResourceCreate })),
};

/**
 * One standard screen of a resource folder: its `screens.ts` declaration and the kind's generic screen,
 * both loaded on first use (or on `preload`, which the app calls for the route it opens on). The screen
 * keeps the declaration's loader (`screens`): what reads a resource through its definition alone (a
 * record's history) shows its fields as its screens do.
 */
export function lazyScreen(load: LoadScreens, kind: ScreenKind) {
  const screen = lazyComponent(async () => {
    const [{ config }, { Screen, prepare }] = await Promise.all([load(), GENERIC_SCREENS[kind]()]);
    await prepare?.(config);
    return function ResourceScreen(props: object) {
      return createElement(Screen, { ...props, config });
    };
  });
  return Object.assign(screen, { screens: load });
}

/**
 * A resource's standard screens from its folder's `screens.ts`: the list and the show view, and the edit
 * and create forms where its contract offers updates and creates.
 */
export function standardScreens(resource: string, load: LoadScreens) {
  const operations = contractOf(resource).operations ?? ALL_OPERATIONS;
  return {
    list: lazyScreen(load, 'List'),
    show: lazyScreen(load, 'Show'),
    ...(operations.includes('update') && { edit: lazyScreen(load, 'Edit') }),
    ...(operations.includes('create') && { create: lazyScreen(load, 'Create') }),
  };
}
