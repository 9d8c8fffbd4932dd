import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser loads; fonts, images and the like are compressed already, or too small to matter. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below a packet, compression saves nothing a transfer notices. */
const MIN_BYTES = 1024;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(folder, entry.name);
      return entry.isDirectory() ? filesUnder(path) : [path];
    }),
  );
  return nested.flat();
}

/**
 * Writes `name.br` and `name.gz` beside each built text file, at the strongest levels: paid once at build
 * time, where the server's on-the-fly compression must choose speed. The server (server/http/wire.ts)
 * sends the one the browser accepts, and the file itself to a client that accepts neither.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((path) => COMPRESSIBLE.test(path));
      await Promise.all(
        files.map(async (path) => {
          if ((await stat(path)).size < MIN_BYTES) return;
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
