import { join, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: below a packet or two, compressing costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Dynamic answers are compressed as they leave, so the level is chosen for speed: brotli 4 and gzip 6
 * compress a JSON list about as well as brotli 11 does for text this repetitive, at a tenth of its CPU.
 * The built files are compressed once, at the highest levels, when the app is built (vite.precompress.ts).
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/**
 * Text, JSON (ld+json, problem+json, merge-patch+json) and XML are worth compressing; everything else is
 * left to mime-db's word, which says no for images, PDF, ZIP, video and octet-stream (the library's own
 * default would compress octet-stream, which here is a user's file of any kind, often compressed already).
 * Server-sent events never: a compressor holds bytes back until its block is full, and the stream is
 * written past Fastify anyway.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/u;

/**
 * What may keep an answer. The API's answers are a session's data: no cache, shared or the browser's,
 * keeps them (`no-store`), unless a route said otherwise (a download of a user's file is `private`). The
 * built app's content-hashed files never change under their name: cached for a year, never revalidated.
 * Its other files (index.html, which names the hashed ones) are revalidated on every load, against their ETag.
 */
export const CACHE = {
  api: 'no-store',
  userFile: 'private, no-cache',
  hashedAsset: 'public, max-age=31536000, immutable',
  entryPoint: 'no-cache',
} as const;

/** The folder of Vite's content-hashed output (its `build.assetsDir`), in the build's root. */
const HASHED_DIR = 'assets';

/**
 * Compression and cache rules for every answer; registered before the routes, since the compressor
 * attaches itself to each route as it is declared.
 */
export const wire = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE,
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
      zlibOptions: { level: GZIP_LEVEL },
      // Request bodies come as sent: an inflated body would be one more way past the upload limits.
      globalDecompression: false,
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('cache-control', CACHE.api);
    });
    // A back-office has nothing to show a search engine: its pages are behind a sign-in.
    app.get('/robots.txt', { compress: false }, (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', CACHE.entryPoint)
        .send('User-agent: *\nDisallow: /\n'),
    );
  },
  { name: 'wire' },
);

/**
 * Serves a Vite build under `prefix`: the files compressed at build time (`.br`, `.gz` beside each) to the
 * clients that accept them, with the cache rules above. `/` of the prefix answers the build's index.html.
 */
export async function serveBuild(app: FastifyInstance, root: string, prefix = '/', decorateReply = true) {
  const hashed = join(root, HASHED_DIR) + sep;
  await app.register(fastifyStatic, {
    root,
    prefix,
    wildcard: false,
    index: false,
    decorateReply,
    preCompressed: true,
    cacheControl: false,
    // `path` is the file sent: `assets/index-1a2b3c.js.br` for a client that takes brotli.
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(hashed) ? CACHE.hashedAsset : CACHE.entryPoint);
    },
  });
}
