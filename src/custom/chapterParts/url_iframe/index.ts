import { PART_ICONS } from '../partTypeLook';
import { textOf, type PartTypeDefinition } from '../types';
import { UrlIframeEditor } from './UrlIframeEditor';
import { UrlIframePreview } from './UrlIframePreview';

export const urlIframe: PartTypeDefinition = {
  type: 'url_iframe',
  icon: PART_ICONS.url_iframe,
  empty: () => ({ url: '', height: 400 }),
  Editor: UrlIframeEditor,
  Preview: UrlIframePreview,
  summary: (content) => textOf(content.url),
};
