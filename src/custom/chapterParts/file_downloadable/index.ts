import { PART_ICONS } from '../partTypeLook';
import { textOf, type PartTypeDefinition } from '../types';
import { FileDownloadableEditor } from './FileDownloadableEditor';
import { FileDownloadablePreview } from './FileDownloadablePreview';

export const fileDownloadable: PartTypeDefinition = {
  type: 'file_downloadable',
  icon: PART_ICONS.file_downloadable,
  empty: () => ({ document: null, label: '' }),
  Editor: FileDownloadableEditor,
  Preview: FileDownloadablePreview,
  summary: (content) => textOf(content.label),
};
