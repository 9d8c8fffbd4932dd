import { describe, expect, it } from 'vitest';
import { legacyTopics, planImport, readXmind, XmindError, zenTopics } from '../../server/imports/xmind.ts';
import { legacyXmind, SAMPLE_MAP, zenXmind } from '../support/xmindFixtures.ts';

describe('XMind maps', () => {
  it('reads both formats to the same topics', async () => {
    expect(await readXmind(await legacyXmind(SAMPLE_MAP))).toEqual(await readXmind(await zenXmind(SAMPLE_MAP)));
  });

  it('reads legacy titles that carry attributes, and skips floating topics', () => {
    const xml = `<?xml version="1.0"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0"><sheet id="s"><topic id="r">
      <title svg:width="500">Centre &amp; co</title>
      <children><topics type="attached"><topic id="a"><title>123</title></topic></topics>
      <topics type="detached"><topic id="f"><title>Flottant</title></topic></topics></children>
    </topic></sheet></xmap-content>`;
    expect(legacyTopics(xml)).toEqual([
      { title: 'Centre & co', notes: '', children: [{ title: '123', notes: '', children: [] }] },
    ]);
  });

  it('refuses a DOCTYPE (no entity expansion) and a Zen file without sheets', () => {
    expect(() => legacyTopics('<!DOCTYPE x [<!ENTITY a "b">]><xmap-content/>')).toThrow(XmindError);
    expect(() => zenTopics('[]')).toThrow(/no sheet/);
    expect(() => zenTopics('{"rootTopic": {}}')).toThrow(/list of sheets/);
  });

  it('gives untitled topics a title and cuts long ones to 255 characters', () => {
    const [root] = zenTopics(
      JSON.stringify([{ rootTopic: { title: '  ', children: { attached: [{ title: 'x'.repeat(300) }] } } }]),
    );
    expect(root.title).toBe('Sans titre');
    expect(root.children[0].title).toHaveLength(255);
  });

  it('plans dense positions among sibling folders', () => {
    const plan = planImport(
      [
        {
          title: 'R',
          notes: '',
          children: ['A', 'B', 'C'].map((title) => ({
            title,
            notes: '',
            children: [{ title: `${title}1`, notes: '', children: [] }],
          })),
        },
      ],
      'carte.xmind',
      6,
    );
    expect(plan.folders.map((folder) => [folder.name, folder.parent, folder.position])).toEqual([
      ['R', -1, 0],
      ['A', 0, 0],
      ['B', 0, 1],
      ['C', 0, 2],
    ]);
    expect(plan.sheets.map((sheet) => [sheet.title, plan.folders[sheet.folder].name])).toEqual([
      ['C1', 'C'],
      ['B1', 'B'],
      ['A1', 'A'],
    ]);
  });
});
