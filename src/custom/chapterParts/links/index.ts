import { PART_ICONS } from '../partTypeLook';
import { textOf, type PartTypeDefinition } from '../types';
import { LinksEditor } from './LinksEditor';
import { LinksPreview } from './LinksPreview';

export const links: PartTypeDefinition = {
  type: 'links',
  icon: PART_ICONS.links,
  empty: () => ({ links: [{ label: '', url: '' }] }),
  Editor: LinksEditor,
  Preview: LinksPreview,
  summary: (content) =>
    (Array.isArray(content.links) ? (content.links as Record<string, unknown>[]) : [])
      .map((link) => textOf(link?.label) || textOf(link?.url))
      .filter(Boolean)
      .join(', '),
};
