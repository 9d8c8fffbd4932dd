// jsonexport ships no types; the lazy stand-in (lazyJsonExport.ts) imports its browser build.
declare module 'jsonexport/dist/index';
