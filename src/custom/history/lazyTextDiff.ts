import { createElement } from 'react';
import { lazyComponent } from '../lazyComponent';
import { Loader } from '../Loader';

// The line comparison (jsdiff) comes with the first text difference shown, not with the history itself.
export const TextDiff = lazyComponent(
  () => import('./TextDiff').then((module) => module.TextDiff),
  createElement(Loader, { size: 'small' }),
);
