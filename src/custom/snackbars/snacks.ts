import type { NotificationPayload } from 'react-admin';

/** Spec section 9: a snackbar shows for 3000 ms, then fades out in 500 ms. */
export const SNACK_VISIBLE_MS = 3000;
export const SNACK_FADE_MS = 500;

export type SnackType = 'success' | 'error' | 'warning' | 'info';

/** Spec section 3: a snack is its type, a translation key, and a timestamp for id. */
export interface Snack {
  type: SnackType;
  label: string;
  id: number;
  /** Interpolations of the label, and whether the snack offers to undo a mutation (react-admin's undoable). */
  labelArgs?: Record<string, unknown>;
  undoable?: boolean;
}

/** A react-admin notification as a snack; ids stay unique when several arrive in the same millisecond. */
export function toSnack(notification: NotificationPayload, now: number, lastId: number): Snack {
  const { message, type, notificationOptions } = notification;
  return {
    type: type ?? 'info',
    label: typeof message === 'string' ? message : 'ra.notification.http_error',
    id: Math.max(now, lastId + 1),
    labelArgs: notificationOptions?.messageArgs,
    undoable: notificationOptions?.undoable === true,
  };
}

/** Newest on top. */
export const pushSnack = (snacks: readonly Snack[], snack: Snack): Snack[] => [snack, ...snacks];
export const dropSnack = (snacks: readonly Snack[], id: number): Snack[] => snacks.filter((snack) => snack.id !== id);
