import { useEffect, useState } from 'react';

/**
 * False until the frame after the first commit with `ready` (the tree drawn) has been painted: what is shown beside a large
 * outline (the course's form, chips, preview, comments) mounts then, in its own commit, so that the tree
 * is on screen first and does not wait for their code, requests and layout.
 */
export function useAfterFirstPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before that frame's paint; the task it queues runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return painted;
}
