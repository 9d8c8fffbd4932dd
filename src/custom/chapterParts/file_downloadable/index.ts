import AttachFileIcon from '@mui/icons-material/AttachFile';
import { textOf, type PartTypeDefinition } from '../types';
import { FileDownloadableEditor } from './FileDownloadableEditor';
import { FileDownloadablePreview } from './FileDownloadablePreview';

export const fileDownloadable: PartTypeDefinition = {
  type: 'file_downloadable',
  icon: AttachFileIcon,
  empty: () => ({ document: null, label: '' }),
  Editor: FileDownloadableEditor,
  Preview: FileDownloadablePreview,
  summary: (content) => textOf(content.label),
};
