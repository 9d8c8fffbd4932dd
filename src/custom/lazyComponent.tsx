import { createElement, memo, useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';

/** A component whose code loads on first use, and which can be asked to load before it is shown. */
export interface LazyComponent<P extends object> {
  (props: P): ReactNode;
  /** Starts loading (once); resolves when the component can render at once. */
  preload: () => Promise<void>;
}

/**
 * Like `React.lazy`, without Suspense: until its code is in, it renders `fallback` and re-renders itself
 * once the code has arrived. React throttles a Suspense boundary's reveal to 300 ms after its fallback
 * showed, so a lazy list screen whose chunk arrives in 20 ms still waited 300 ms to mount and send its
 * request. Once loaded (or preloaded), it renders at once. A failed load is thrown at render, to the
 * nearest error boundary (react-admin's error page), and tried again on the next mount. Memoised: a
 * screen is re-rendered by react-admin's routes each time the layout is (resources registering, session
 * checks), with the same props; a big list need not re-render then.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let failure: unknown;
  let pending: Promise<void> | undefined;

  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        failure = error;
        pending = undefined;
      },
    ));

  function Lazy(props: P) {
    const [, rerender] = useReducer((count: number) => count + 1, 0);
    // A failure from before this mount is not this mount's: it tries again.
    const [earlierFailure] = useState(() => failure);
    useEffect(() => {
      if (loaded) return;
      if (failure === earlierFailure) failure = undefined;
      let mounted = true;
      void preload().then(() => mounted && rerender());
      return () => {
        mounted = false;
      };
    }, [earlierFailure]);
    if (loaded) return createElement(loaded, props);
    if (failure !== undefined && failure !== earlierFailure) throw failure;
    return fallback;
  }
  return Object.assign(memo(Lazy), { preload });
}
