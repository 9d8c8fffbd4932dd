import { useEffect, useState } from 'react';

let firstPaintDone = false;

/**
 * False while the app's very first page renders and paints, true right after. The menu's entries, the
 * app bar's menus and the list's toolbar wait for it: the rows a user opened the app for are painted
 * first, with nothing else to render or load, and the surroundings follow a frame later. Components
 * mounted after that (another page, a re-mount) get true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(firstPaintDone);
  useEffect(() => {
    if (done) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // An animation frame runs just before the browser paints; a task queued from it, just after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        firstPaintDone = true;
        setDone(true);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [done]);
  return done;
}
