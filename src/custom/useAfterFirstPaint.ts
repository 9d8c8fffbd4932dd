import { useEffect, useState } from 'react';

/**
 * How long the surroundings wait for a list's first rows at most: a slow answer must not leave the app
 * without its menu.
 */
const ROWS_WAIT_MS = 3_000;

let done = false;
let rowsExpected = false;
let release: (() => void) | undefined;
const firstScreen = new Promise<void>((resolve) => {
  release = () => {
    done = true;
    resolve();
  };
});
let painted = false;
let rowsShown = false;
let fallback: ReturnType<typeof setTimeout> | undefined;

function settle(): void {
  if (done || !painted || (rowsExpected && !rowsShown)) return;
  clearTimeout(fallback);
  release?.();
}

/** Runs `then` right after the browser's next paint: an animation frame runs just before it, a task queued from it just after. */
function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Called before the first render when the app opens on a list the session may read (preloadRoute.ts): the
 * surroundings then wait for its rows, not only for the first paint, which may be the list's loader.
 */
export function expectFirstRows(): void {
  if (!done) rowsExpected = true;
}

/** Called by the generic list once its first page is in (rows, an empty list or an error): painted next frame. */
export function firstRowsRendered(): void {
  if (done || rowsShown) return;
  afterNextPaint(() => {
    rowsShown = true;
    settle();
  });
}

/** Resolves once the app's first screen is painted (its rows, on a list): what may load next, without delaying it. */
export function afterFirstScreen(): Promise<void> {
  return firstScreen;
}

/**
 * False while the app's very first page renders and paints (on a list, until its rows are painted), true
 * right after. The menu's entries, the app bar's menus, the list's toolbar and the live stream wait for it:
 * the rows a user opened the app for are painted first, with nothing else to render or load, and the
 * surroundings follow a frame later. Components mounted after that (another page, a re-mount) get true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [shown, setShown] = useState(done);
  useEffect(() => {
    if (shown) return;
    let mounted = true;
    void firstScreen.then(() => mounted && setShown(true));
    const cancel = painted
      ? undefined
      : afterNextPaint(() => {
          painted = true;
          if (rowsExpected && !rowsShown) fallback ??= setTimeout(() => release?.(), ROWS_WAIT_MS);
          settle();
        });
    return () => {
      mounted = false;
      cancel?.();
    };
  }, [shown]);
  return shown;
}
