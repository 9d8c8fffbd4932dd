/**
 * Stands in for jsonexport where react-admin imports it (vite.config.ts aliases `jsonexport/dist/index.js`
 * here): ra-core's default exporter writes a list's CSV with it, so its code came with every list,
 * although only the "Exporter" button uses it. The real module loads on the first export. It answers
 * through a callback, so a late answer changes nothing for its caller.
 */
type JsonExport = (data: unknown, ...rest: unknown[]) => void;

export default function jsonExport(data: unknown, ...rest: unknown[]): void {
  // The same file, under a name the alias does not catch.
  import('jsonexport/dist/index').then(
    (module: { default: JsonExport }) => module.default(data, ...rest),
    (error: unknown) => {
      const callback = rest.findLast((argument) => typeof argument === 'function') as
        ((error: unknown) => void) | undefined;
      callback?.(error);
    },
  );
}
