/**
 * `npm start`. The start-up itself is in serve.ts, imported here dynamically, so that whatever must run
 * before a module of the app is loaded can run first.
 */
export {};

const { serve } = await import('./serve.ts');
await serve();
