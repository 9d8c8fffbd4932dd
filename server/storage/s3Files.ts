import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../shared/settings.ts';
import { measured, type ByteRange, type FileStorage } from './fileStorage.ts';

/** The readiness probe's object: read on every check, written when missing. */
export const PROBE_KEY = 'readiness-probe';
/** A readiness check answers within this time, reachable or not. */
const CHECK_TIMEOUT_MS = 2_000;
/** Downloads hold a connection to the store while they stream: more than the SDK's 50 at once. */
const MAX_SOCKETS = 256;
/** Parts of one upload sent at once (5 MB each): an upload holds at most a few parts in memory. */
const UPLOAD_QUEUE = 2;

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Files as objects of one bucket of an S3-compatible store, the key as the object's key, through the AWS SDK:
 * every server process reads what any of them wrote. Uploads stream as a multipart upload (lib-storage).
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3';
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: settings.credentials,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where the API requires them: several S3-compatible stores refuse the checksum
      // trailers the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: 5_000,
        httpAgent: new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
        httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
      },
    });
  }

  async write(key: string, body: Readable | Buffer, contentType?: string): Promise<{ size: number; head: Buffer }> {
    const { stream, result } = measured(body);
    const upload = new Upload({
      client: this.client,
      queueSize: UPLOAD_QUEUE,
      params: { Bucket: this.bucket, Key: key, Body: stream, ContentType: contentType },
    });
    await upload.done();
    return result();
  }

  async read(key: string, range?: ByteRange): Promise<Readable | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const object = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return object.ContentLength;
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * Aborts the bucket's multipart uploads begun before `before` and never completed: a write whose process
   * died (one that failed is aborted by lib-storage itself). A store that does not list them (501, as the
   * test suites' stand-in) or does not let these credentials (403: s3:ListBucketMultipartUploads) is left
   * to its own rule: docs/SECURITY.md says to set the bucket's lifecycle rule AbortIncompleteMultipartUpload.
   */
  async sweepPartial(before: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      let page;
      try {
        page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
      } catch (error) {
        if (statusOf(error) === 501 || statusOf(error) === 403) return removed;
        throw error;
      }
      for (const upload of page.Uploads ?? [])
        if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated < before) {
          await this.client.send(
            new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
          removed++;
        }
      if (!page.IsTruncated) return removed;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  /**
   * Reads the probe object, writing it when missing: proves the store answers and these credentials may read
   * and write this bucket. HeadBucket would need the ListBucket permission, which the server needs for
   * nothing else; without it a missing object is a 403, hence the write on 403 too (a wrong key fails it).
   */
  async check(): Promise<void> {
    const abortSignal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: PROBE_KEY }), { abortSignal });
    } catch (error) {
      const status = statusOf(error);
      if (status !== 404 && status !== 403) throw error;
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: PROBE_KEY, Body: 'ok', ContentType: 'text/plain' }),
        { abortSignal },
      );
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
