import { pipeline, Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * Zip archives held in memory (an upload, already bounded by the upload limit), read entry by entry as
 * streams: the central directory is parsed here and each entry inflated by Node's zlib, off the event loop,
 * as its reader pulls. Nothing the archive declares about its unpacked sizes is believed: an entry is
 * counted as it inflates and stopped at the caller's cap, so a zip bomb costs the cap and no more.
 * What a well-behaved writer never makes is refused as damaged: ZIP64, encryption, two entries of one name,
 * entries whose bytes overlap (the "overlapping files" bomb, where every entry re-inflates the same data).
 */

/** Why an archive or an entry was refused. */
export class ZipError extends Error {
  constructor(
    readonly reason: 'damaged' | 'too_large',
    message: string,
    /** For `too_large`: the cap the entry went past, in bytes. */
    readonly limit = 0,
  ) {
    super(message);
  }
}

interface Entry {
  method: number;
  start: number;
  compressedSize: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;
/** zlib's output chunks: larger than its 16 KiB default, so that a big entry crosses to the thread pool less often. */
const INFLATE_CHUNK = 64 * 1024;

const damaged = (why: string) => new ZipError('damaged', `The archive is damaged or not a zip: ${why}.`);

export class ZipArchive {
  private constructor(
    private readonly bytes: Buffer,
    private readonly entries: ReadonlyMap<string, Entry>,
  ) {}

  /** The archive's directory read; throws a `damaged` ZipError when it is not one this reader trusts. */
  static open(bytes: Buffer): ZipArchive {
    const floor = Math.max(0, bytes.length - 22 - MAX_COMMENT);
    let end = -1;
    for (let at = bytes.length - 22; at >= floor; at--)
      if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
        end = at;
        break;
      }
    if (end < 0) throw damaged('no end of central directory');
    const count = bytes.readUInt16LE(end + 10);
    const size = bytes.readUInt32LE(end + 12);
    const offset = bytes.readUInt32LE(end + 16);
    if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw damaged('ZIP64 is not read');
    if (offset + size > end) throw damaged('the central directory lies outside the file');
    const entries = new Map<string, Entry>();
    const spans: [number, number][] = [];
    let at = offset;
    for (let index = 0; index < count; index++) {
      if (at + 46 > end || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw damaged('a truncated central directory');
      const flags = bytes.readUInt16LE(at + 8);
      const method = bytes.readUInt16LE(at + 10);
      const compressedSize = bytes.readUInt32LE(at + 20);
      const nameLength = bytes.readUInt16LE(at + 28);
      const next = at + 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
      const local = bytes.readUInt32LE(at + 42);
      if (next > end) throw damaged('a truncated central directory');
      // Bit 11: the name is UTF-8; otherwise it is in the DOS code page, whose ASCII part is what matters here.
      const name = bytes.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
      at = next;
      if (flags & 0x1) throw damaged(`« ${name} » is encrypted`);
      if (compressedSize === 0xffffffff || local === 0xffffffff) throw damaged('ZIP64 is not read');
      if (local + 30 > offset || bytes.readUInt32LE(local) !== LOCAL_HEADER) throw damaged(`no header for « ${name} »`);
      const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
      if (start + compressedSize > offset) throw damaged(`« ${name} » lies outside the file`);
      spans.push([local, start + compressedSize]);
      if (name.endsWith('/')) continue;
      if (entries.has(name)) throw damaged(`« ${name} » is named twice`);
      entries.set(name, { method, start, compressedSize });
    }
    spans.sort((a, b) => a[0] - b[0]);
    for (let index = 1; index < spans.length; index++)
      if (spans[index][0] < spans[index - 1][1]) throw damaged('two entries share their bytes');
    return new ZipArchive(bytes, entries);
  }

  /** The files' paths (folders left out). */
  get names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /**
   * The entry's unpacked bytes as a stream that fails with a `too_large` ZipError, and stops inflating,
   * as soon as they pass `max` bytes; a `damaged` one when the data does not inflate.
   */
  stream(name: string, max: number): Readable {
    const entry = this.entries.get(name);
    if (!entry) throw damaged(`no entry « ${name} »`);
    const data = this.bytes.subarray(entry.start, entry.start + entry.compressedSize);
    let count = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        count += chunk.length;
        if (count > max) done(new ZipError('too_large', `« ${name} » unpacks past ${max} bytes.`, max));
        else done(null, chunk);
      },
    });
    const source =
      entry.method === STORED
        ? Readable.from([data])
        : entry.method === DEFLATED
          ? createInflateRaw({ chunkSize: INFLATE_CHUNK }).end(data)
          : undefined;
    if (!source) throw damaged(`« ${name} » uses compression method ${entry.method}`);
    // Listened to before pipeline's own listener: a reader meets a damaged archive, not zlib's words.
    source.once('error', () => counted.destroy(damaged(`« ${name} » does not inflate`)));
    // Past the cap the counter fails, and pipeline destroys the inflater: inflating stops there.
    pipeline(source, counted, () => undefined);
    return counted;
  }

  /** The entry's unpacked bytes, at most `max` of them (the same errors as `stream`). */
  async read(name: string, max: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.stream(name, max)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
