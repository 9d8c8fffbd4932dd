// The loader hook of resolutionWatch.mjs, in the loader's own thread.
/* global process */
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.includes('/node_modules/')) process.stdout.write(`RESOLVED ${resolved.url}\n`);
  return resolved;
}
