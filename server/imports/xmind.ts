import { XMLParser } from 'fast-xml-parser';
import { ZipArchive, ZipError } from './zipArchive.ts';

/**
 * XMind maps read into a flat plan of folders and sheets, ready for set-based inserts. Both formats:
 * XMind Zen and later (`content.json`) and legacy XMind 8 (`content.xml`). Only attached topics count:
 * floating topics are not part of the map's hierarchy.
 */

/** One topic as both formats describe it. */
export interface Topic {
  title: string;
  notes: string;
  children: Topic[];
}

/** Folders in insertion order; `parent` is an index into `folders` (-1 for the version's root). */
export interface ImportPlan {
  folders: { parent: number; name: string; position: number }[];
  sheets: { folder: number; title: string; content: string }[];
}

/** Why a file is not a map we can read: answered as a 422 on the field "file". */
export class XmindError extends Error {
  constructor(
    readonly reason: 'corrupt' | 'no_content' | 'invalid' | 'too_large',
    message: string,
  ) {
    super(message);
  }
}

/**
 * A map's content file may not unpack past this, nor past the upload limit: a small zip can inflate to
 * gigabytes, and the content is parsed whole.
 */
export const MAX_CONTENT_BYTES = 64 * 1024 * 1024;
const MAX_NAME = 255;

/** Reads one zip entry, stopped as soon as it inflates past `max`. */
const readCapped = async (zip: ZipArchive, name: string, max: number): Promise<string> => {
  try {
    return (await zip.read(name, max)).toString('utf8');
  } catch (error) {
    if (error instanceof ZipError && error.reason === 'too_large')
      throw new XmindError('too_large', `The map's ${name} unpacks to more than ${Math.floor(max / 1024 / 1024)} MB.`);
    throw new XmindError('corrupt', `The archive is damaged: ${(error as Error).message}`);
  }
};

const clean = (text: unknown): string =>
  (typeof text === 'string' ? text : typeof text === 'number' ? String(text) : '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_NAME) || 'Sans titre';

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

interface ZenTopic {
  title?: unknown;
  notes?: { plain?: { content?: unknown } };
  children?: { attached?: ZenTopic[] };
}

/** XMind Zen: an array of sheets (canvases), each with its `rootTopic`. */
export function zenTopics(json: string): Topic[] {
  let sheets: unknown;
  try {
    sheets = JSON.parse(json);
  } catch {
    throw new XmindError('invalid', 'content.json is not valid JSON.');
  }
  if (!Array.isArray(sheets)) throw new XmindError('invalid', 'content.json does not hold a list of sheets.');
  const roots = sheets
    .map((sheet: { rootTopic?: ZenTopic }) => sheet?.rootTopic)
    .filter((topic): topic is ZenTopic => !!topic && typeof topic === 'object');
  if (roots.length === 0) throw new XmindError('invalid', 'The map has no sheet with a central topic.');
  // An explicit stack: a deep map must not exhaust the call stack.
  const convert = (root: ZenTopic): Topic => {
    const out: Topic = { title: '', notes: '', children: [] };
    const stack: [ZenTopic, Topic][] = [[root, out]];
    while (stack.length > 0) {
      const [source, target] = stack.pop() as [ZenTopic, Topic];
      target.title = clean(source.title);
      const plain = source.notes?.plain?.content;
      target.notes = typeof plain === 'string' ? plain.trim() : '';
      for (const child of asArray(source.children?.attached)) {
        if (!child || typeof child !== 'object') continue;
        const topic: Topic = { title: '', notes: '', children: [] };
        target.children.push(topic);
        stack.push([child, topic]);
      }
    }
    return out;
  };
  return roots.map(convert);
}

interface XmlTopic {
  title?: unknown;
  notes?: { plain?: unknown };
  children?: { topics?: { '@_type'?: string; topic?: XmlTopic[] }[] };
}

/** Legacy XMind 8: `<xmap-content><sheet><topic>` with `<children><topics type="attached">`. */
export function legacyTopics(xml: string): Topic[] {
  // Entities declared by the file itself are never expanded (no "billion laughs"); the map format has none.
  if (/<!DOCTYPE/i.test(xml))
    throw new XmindError('invalid', 'content.xml declares a DOCTYPE, which XMind maps do not.');
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => name === 'sheet' || name === 'topics' || name === 'topic',
  });
  let document: { 'xmap-content'?: { sheet?: { topic?: XmlTopic[] }[] } };
  try {
    document = parser.parse(xml);
  } catch (error) {
    throw new XmindError('invalid', `content.xml is not well-formed XML: ${(error as Error).message}`);
  }
  const map = document['xmap-content'];
  if (!map || typeof map !== 'object')
    throw new XmindError('invalid', 'content.xml is not an XMind map (no <xmap-content>).');
  const roots = asArray(map.sheet).flatMap((sheet) => asArray(sheet?.topic).slice(0, 1));
  if (roots.length === 0) throw new XmindError('invalid', 'The map has no sheet with a central topic.');
  const text = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (value && typeof value === 'object' && '#text' in value) return String((value as { '#text': unknown })['#text']);
    return '';
  };
  const convert = (root: XmlTopic): Topic => {
    const out: Topic = { title: '', notes: '', children: [] };
    const stack: [XmlTopic, Topic][] = [[root, out]];
    while (stack.length > 0) {
      const [source, target] = stack.pop() as [XmlTopic, Topic];
      target.title = clean(text(source.title));
      target.notes = text(source.notes?.plain).trim();
      const attached = asArray(source.children?.topics).filter(
        (group) => (group['@_type'] ?? 'attached') === 'attached',
      );
      for (const child of attached.flatMap((group) => asArray(group.topic))) {
        const topic: Topic = { title: '', notes: '', children: [] };
        target.children.push(topic);
        stack.push([child, topic]);
      }
    }
    return out;
  };
  return roots.map(convert);
}

/**
 * Opens an `.xmind` file and answers its central topics, one per sheet; its content file unpacks to at
 * most `maxBytes` (the upload limit) and MAX_CONTENT_BYTES.
 */
export async function readXmind(file: Buffer, maxBytes = MAX_CONTENT_BYTES): Promise<Topic[]> {
  let zip: ZipArchive;
  try {
    zip = ZipArchive.open(file);
  } catch {
    throw new XmindError('corrupt', 'The file is not a readable XMind archive (a damaged or foreign file).');
  }
  const max = Math.min(maxBytes, MAX_CONTENT_BYTES);
  // Zen files also carry a content.xml that only tells old versions to upgrade: content.json wins.
  if (zip.has('content.json')) return zenTopics(await readCapped(zip, 'content.json', max));
  if (zip.has('content.xml')) return legacyTopics(await readCapped(zip, 'content.xml', max));
  throw new XmindError('no_content', 'The archive holds neither content.json nor content.xml: it is not an XMind map.');
}

/** A subtree below the deepest folder level, kept as a Markdown outline so no topic is lost. */
function outline(topics: Topic[]): string {
  const lines: string[] = [];
  const stack: [Topic, number][] = topics.map((topic): [Topic, number] => [topic, 0]).reverse();
  while (stack.length > 0) {
    const [topic, depth] = stack.pop() as [Topic, number];
    const indent = '  '.repeat(depth);
    lines.push(`${indent}- ${topic.title}`);
    for (const line of topic.notes ? topic.notes.split('\n') : []) lines.push(`${indent}  ${line}`);
    for (const child of [...topic.children].reverse()) stack.push([child, depth + 1]);
  }
  return lines.join('\n');
}

/**
 * The version's folders and sheets: one central topic is the version's root folder, several hang under a
 * root named after the file. Topics with children become folders (their notes a sheet of the same title
 * inside), leaves become sheets with their notes as Markdown. At `maxDepth` folder levels a topic with
 * children becomes a sheet holding its subtree as an outline.
 */
export function planImport(roots: Topic[], fileName: string, maxDepth: number): ImportPlan {
  const plan: ImportPlan = { folders: [], sheets: [] };
  const top: Topic =
    roots.length === 1 ? roots[0] : { title: clean(fileName.replace(/\.xmind$/i, '')), notes: '', children: roots };
  plan.folders.push({ parent: -1, name: top.title, position: 0 });
  if (top.notes) plan.sheets.push({ folder: 0, title: top.title, content: top.notes });
  const stack: { topic: Topic; folder: number; depth: number }[] = [{ topic: top, folder: 0, depth: 1 }];
  while (stack.length > 0) {
    const { topic, folder, depth } = stack.pop() as (typeof stack)[number];
    let position = 0;
    for (const child of topic.children) {
      if (child.children.length === 0 || depth >= maxDepth) {
        const below = child.children.length > 0 ? outline(child.children) : '';
        plan.sheets.push({ folder, title: child.title, content: [child.notes, below].filter(Boolean).join('\n\n') });
        continue;
      }
      const index = plan.folders.push({ parent: folder, name: child.title, position: position++ }) - 1;
      if (child.notes) plan.sheets.push({ folder: index, title: child.title, content: child.notes });
      stack.push({ topic: child, folder: index, depth: depth + 1 });
    }
  }
  return plan;
}
