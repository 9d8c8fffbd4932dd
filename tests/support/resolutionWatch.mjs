// `node --import` this file: every module of node_modules the process resolves is printed on stdout as
// `RESOLVED <url>`, so that a test can read what a process loaded (resolutionWatchHooks.mjs does it).
import { register } from 'node:module';

register('./resolutionWatchHooks.mjs', import.meta.url);
