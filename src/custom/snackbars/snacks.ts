import { isValidElement, type ReactNode } from 'react';
import type { NotificationPayload } from 'react-admin';

/** A snackbar shows for 3000 ms, long enough to read a short sentence, then fades out in 500 ms. */
export const SNACK_VISIBLE_MS = 3000;
export const SNACK_FADE_MS = 500;
/** How long a snack takes to fade in. */
export const SNACK_ENTER_MS = 225;
/** How many snackbars stack at once; a further one pushes the oldest out. */
export const SNACK_MAX_STACKED = 5;

/** What an undoable snack holds back: react-admin's mutation, sent or rolled back when the snack goes. */
export type UndoableMutation = (params: { isUndo: boolean }) => void;

export type SnackType = 'success' | 'error' | 'warning' | 'info';

/** A snack is its type, a translation key, and a timestamp for id (see toSnack), with react-admin's options. */
export interface Snack {
  type: SnackType;
  label: string;
  id: number;
  /** Interpolations of the label (react-admin's `messageArgs`). */
  labelArgs?: Record<string, unknown>;
  /** A react-admin notification may carry an element instead of a key; it is shown as is. */
  content?: ReactNode;
  /** The snack holds back a mutation the user may still undo (react-admin's undoable mode). */
  undoable: boolean;
  /** Milliseconds before it leaves; `null` keeps it until clicked (react-admin's `autoHideDuration`). */
  visibleMs: number | null;
}

const TYPES: readonly SnackType[] = ['success', 'error', 'warning', 'info'];

// react-admin announces a saved create, edit or delete as `info`; a saved change shows as a success, in green.
const SAVED = /^(ra\.notification|resources\.[^.]+\.notifications)\.(created|updated|deleted)$/;

/** A notification's colour: its type, except react-admin's own "saved" messages, which are successes. */
export function snackTypeOf(type: unknown, message: unknown): SnackType {
  if (type === 'info' && typeof message === 'string' && SAVED.test(message)) return 'success';
  return TYPES.includes(type as SnackType) ? (type as SnackType) : 'info';
}

/**
 * A react-admin notification as a snack. Ids are timestamps, bumped when several notifications arrive
 * in the same millisecond so that each stays addressable.
 */
export function toSnack(notification: NotificationPayload, now: number, lastId: number): Snack {
  const { message, type, notificationOptions: options = {} } = notification;
  const { autoHideDuration } = options;
  return {
    type: snackTypeOf(type, message),
    label: typeof message === 'string' ? message : '',
    id: Math.max(now, lastId + 1),
    labelArgs: options.messageArgs as Record<string, unknown> | undefined,
    content: typeof message !== 'string' && isValidElement(message) ? message : undefined,
    undoable: options.undoable === true,
    visibleMs: autoHideDuration === undefined ? SNACK_VISIBLE_MS : autoHideDuration,
  };
}
