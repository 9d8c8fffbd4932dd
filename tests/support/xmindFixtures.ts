import JSZip from 'jszip';

/**
 * Real `.xmind` files built on the spot, laid out as XMind writes them: XMind Zen (content.json, with the
 * content.xml that tells XMind 8 to upgrade, manifest.json, metadata.json) and legacy XMind 8
 * (content.xml, META-INF/manifest.xml, meta.xml). Nothing is downloaded.
 */

export interface MapTopic {
  title: string;
  notes?: string;
  children?: MapTopic[];
}

let sequence = 0;
const nextId = () => `t${(sequence++).toString(36)}`;

const zenTopic = (topic: MapTopic): Record<string, unknown> => ({
  id: nextId(),
  class: 'topic',
  title: topic.title,
  ...(topic.notes
    ? { notes: { plain: { content: topic.notes }, realHTML: { content: `<div>${escapeXml(topic.notes)}</div>` } } }
    : {}),
  ...(topic.children?.length ? { children: { attached: topic.children.map(zenTopic) } } : {}),
});

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const legacyTopic = (topic: MapTopic): string =>
  `<topic id="${nextId()}"><title>${escapeXml(topic.title)}</title>` +
  (topic.notes
    ? `<notes><plain>${escapeXml(topic.notes)}</plain><html><xhtml:p>${escapeXml(topic.notes)}</xhtml:p></html></notes>`
    : '') +
  (topic.children?.length
    ? `<children><topics type="attached">${topic.children.map(legacyTopic).join('')}</topics></children>`
    : '') +
  '</topic>';

const UPGRADE_NOTICE =
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" version="2.0">' +
  '<sheet id="warning"><topic id="warning-topic"><title>Warning: This file can not be opened normally, please do not modify and save, otherwise the contents will be permanently lost!</title></topic><title>Sheet 1</title></sheet></xmap-content>';

/** An XMind Zen file with one sheet per central topic. */
export async function zenXmind(...roots: MapTopic[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    'content.json',
    JSON.stringify(
      roots.map((root, index) => ({
        id: nextId(),
        class: 'sheet',
        title: `Feuille ${index + 1}`,
        rootTopic: zenTopic(root),
      })),
    ),
  );
  zip.file('content.xml', UPGRADE_NOTICE);
  zip.file('metadata.json', JSON.stringify({ creator: { name: 'Vana', version: '24.01' } }));
  zip.file('manifest.json', JSON.stringify({ 'file-entries': { 'content.json': {}, 'metadata.json': {} } }));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A legacy XMind 8 file with one sheet per central topic. */
export async function legacyXmind(...roots: MapTopic[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    'content.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>' +
      '<xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" xmlns:fo="http://www.w3.org/1999/XSL/Format" xmlns:svg="http://www.w3.org/2000/svg" ' +
      'xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:xlink="http://www.w3.org/1999/xlink" timestamp="1700000000000" version="2.0">' +
      roots
        .map((root, index) => `<sheet id="${nextId()}">${legacyTopic(root)}<title>Feuille ${index + 1}</title></sheet>`)
        .join('') +
      '</xmap-content>',
  );
  zip.file(
    'meta.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?><meta xmlns="urn:xmind:xmap:xmlns:meta:2.0" version="2.0"/>',
  );
  zip.file(
    'META-INF/manifest.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?><manifest xmlns="urn:xmind:xmap:xmlns:manifest:1.0">' +
      '<file-entry full-path="content.xml" media-type="text/xml"/><file-entry full-path="META-INF/" media-type=""/>' +
      '<file-entry full-path="meta.xml" media-type="text/xml"/></manifest>',
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A zip that is no map: it holds neither content.json nor content.xml. */
export async function zipWithoutContent(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('readme.txt', 'Pas une carte.');
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** Nested, unicode and notes: the map most tests read back. */
export const SAMPLE_MAP: MapTopic = {
  title: 'Référentiel qualité',
  children: [
    {
      title: 'Accueil 🙂 et orientation',
      notes: 'Accueillir chaque apprenant **le premier jour**.\n\n- présenter la plateforme\n- remettre le livret',
      children: [{ title: 'Premier entretien', notes: 'Durée : 30 minutes.' }, { title: 'Livret d’accueil' }],
    },
    {
      title: 'Évaluation',
      children: [
        { title: 'Grille « à chaud »', notes: '| Critère | Note |\n|---|---|\n| Clarté | 4 |' },
        { title: 'Suivi à 3 mois' },
      ],
    },
    { title: '日本語のトピック', notes: 'Unicode partout.' },
  ],
};

/** A map of exactly `count` topics (the central one included), `fanout` children a folder. */
export function bigMap(count: number, fanout = 10): MapTopic {
  const root: MapTopic = { title: `Carte de ${count} sujets`, children: [] };
  const queue: MapTopic[] = [root];
  let made = 1;
  while (made < count) {
    const parent = queue.shift() as MapTopic;
    for (let index = 0; index < fanout && made < count; index++) {
      const topic: MapTopic = {
        title: `Sujet ${made}`,
        notes: made % 3 === 0 ? `Note du sujet ${made}` : undefined,
        children: [],
      };
      parent.children?.push(topic);
      queue.push(topic);
      made++;
    }
  }
  return root;
}
