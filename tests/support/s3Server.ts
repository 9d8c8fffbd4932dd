import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Settings } from '../../server/config.ts';

/** The stand-in's one account (s3rver's built-in), checked on every request's signature. */
export const S3_ACCESS_KEY_ID = 'S3RVER';
export const S3_SECRET_ACCESS_KEY = 'S3RVER';

const OBJECT_SUFFIX = '._S3rver_object';

export interface S3StandIn {
  /** The settings a server gets for this store, and the same as the environment of a server process. */
  settings: S3Settings;
  env: Record<string, string>;
  /** The keys of the objects in the bucket, read from the stand-in's folder. */
  objectKeys(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A local server speaking the S3 protocol (s3rver: signed requests, multipart uploads, ranges), on a free
 * port of 127.0.0.1, with `bucket` created and a folder of its own removed on stop.
 */
export async function startS3Server(bucket = 'lms-files', port = 0): Promise<S3StandIn> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  let stopped = false;
  return {
    settings: {
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
      forcePathStyle: true,
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    async objectKeys() {
      // s3rver keeps an object as `<folder>/<bucket>/<key>._S3rver_object`, beside its metadata.
      const root = join(directory, bucket);
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX))
        .map((entry) =>
          relative(root, join(entry.parentPath, entry.name.slice(0, -OBJECT_SUFFIX.length)))
            .split(sep)
            .join('/'),
        )
        .sort();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Keep-alive connections of the clients would hold the close until they time out.
      (server.httpServer as Server | undefined)?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
