import { createDeflateRaw } from 'node:zlib';
import { COURSE_FORMAT_NAME, COURSE_FORMAT_VERSION, COURSE_MANIFEST } from '../../src/domain/courseFormat.ts';

/**
 * Course archives that unpack far past what they weigh, for the import's bounds (tests/security) and
 * bench/import, written by hand (no zip library builds a 1 GiB entry without holding it): deflated
 * entries, a central directory, CRCs left at 0 (the import does not check them: what it must not trust
 * is the sizes). An entry may declare a size other than its own, and other names may point at its bytes.
 */

const MIB = 1024 * 1024;

interface Entry {
  name: string;
  /** The raw deflate stream. */
  data: Buffer;
  /** The unpacked size the headers declare. */
  size: number;
}

/** `head` then zeros up to `size` bytes, deflated as it is made: memory holds the output only. */
async function deflated(head: Buffer, size: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(16 * MIB);
  deflate.write(head);
  for (let left = size - head.length; left > 0; left -= zeros.length)
    if (!deflate.write(zeros.subarray(0, Math.min(left, zeros.length))))
      await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** `aliases`: more central directory records, each naming another entry's bytes (the "overlapping files" bomb). */
function zipOf(entries: Entry[], aliases: { name: string; of: string }[] = []): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const offsets = new Map<string, number>();
  let offset = 0;
  for (const entry of entries) {
    offsets.set(entry.name, offset);
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  for (const alias of aliases) {
    const target = entries.find((entry) => entry.name === alias.of)!;
    const name = Buffer.from(alias.name, 'utf8');
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(target.data.length, 20);
    central.writeUInt32LE(target.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offsets.get(alias.of)!, 42);
    centrals.push(central, name);
  }
  const count = entries.length + aliases.length;
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A course.json naming `files` as its documents (PDFs), one module with one chapter and no part. */
function manifest(files: string[]): Buffer {
  return Buffer.from(
    JSON.stringify({
      format: COURSE_FORMAT_NAME,
      version: COURSE_FORMAT_VERSION,
      course: {
        title: 'Cours hostile',
        description: null,
        language: null,
        cover: null,
        tags: [],
        skills: [],
        modules: [{ title: 'Module', description: null, tags: [], chapters: [] }],
      },
      tags: [],
      skills: [],
      documents: files.map((file, index) => ({
        ref: `d${index + 1}`,
        name: `document-${index + 1}.pdf`,
        mimeType: 'application/pdf',
        file,
      })),
    }),
  );
}

const PDF_HEAD = Buffer.from('%PDF-1.4\n');

/**
 * A course archive whose `course.json` names `files` as its documents (PDFs), holding `contents`: each a
 * PDF's first line then zeros up to `size` bytes, its headers declaring `declaredSize` (its size by default).
 */
export async function courseZip(
  files: string[],
  contents: { name: string; size: number; declaredSize?: number }[],
  aliases: { name: string; of: string }[] = [],
): Promise<Buffer> {
  const json = manifest(files);
  const entries: Entry[] = [{ name: COURSE_MANIFEST, data: await deflated(json, json.length), size: json.length }];
  for (const content of contents)
    entries.push({
      name: content.name,
      data: await deflated(PDF_HEAD, content.size),
      size: content.declaredSize ?? content.size,
    });
  return zipOf(entries, aliases);
}

export interface HostileZip {
  name: string;
  bytes: Buffer;
}

/**
 * bench/import's three: a zip bomb (one document of `bombMb` MiB of zeros), one entry of just under the upload limit named by
 * `repeats` documents, and `several` distinct entries of just under the upload limit each.
 */
export async function hostileZips(options: {
  uploadMaxMb: number;
  bombMb: number;
  repeats: number;
  several: number;
}): Promise<HostileZip[]> {
  const underCap = (options.uploadMaxMb - 1) * MIB;
  return [
    {
      name: `bombe (1 entrée de ${options.bombMb} Mio)`,
      bytes: await courseZip(['files/d1'], [{ name: 'files/d1', size: options.bombMb * MIB }]),
    },
    {
      name: `1 entrée de ${options.uploadMaxMb - 1} Mio nommée ${options.repeats} fois`,
      bytes: await courseZip(Array(options.repeats).fill('files/d1'), [{ name: 'files/d1', size: underCap }]),
    },
    {
      name: `${options.several} entrées de ${options.uploadMaxMb - 1} Mio`,
      bytes: await courseZip(
        Array.from({ length: options.several }, (_, index) => `files/d${index + 1}`),
        Array.from({ length: options.several }, (_, index) => ({ name: `files/d${index + 1}`, size: underCap })),
      ),
    },
  ];
}
