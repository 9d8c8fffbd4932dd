import type { Config } from '../shared/settings.ts';
import type { FileStorage } from './fileStorage.ts';
import { LocalFileStorage } from './localFiles.ts';

/** The store the configuration names: the object store when S3_BUCKET is set, DATA_DIR/files otherwise. */
export async function openFileStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (!config.s3) return new LocalFileStorage(config.dataDir);
  // Loaded only when used: the AWS SDK is most of the server's start-up otherwise.
  const { S3FileStorage } = await import('./s3Files.ts');
  return new S3FileStorage(config.s3);
}
