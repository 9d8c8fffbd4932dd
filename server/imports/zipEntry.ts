import type JSZip from 'jszip';

/**
 * Reads one zip entry, giving up as soon as it inflates past `max` bytes (a small zip can unpack to
 * gigabytes): `tooLarge` and `damaged` make the errors the caller answers with.
 */
export function readEntryCapped(
  entry: JSZip.JSZipObject,
  max: number,
  tooLarge: () => Error,
  damaged: (error: Error) => Error,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stream = entry.nodeStream('nodebuffer');
    stream
      .on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > max) {
          stream.pause();
          reject(tooLarge());
          return;
        }
        chunks.push(chunk);
      })
      .on('error', (error: Error) => reject(damaged(error)))
      .on('end', () => resolve(Buffer.concat(chunks)));
  });
}
