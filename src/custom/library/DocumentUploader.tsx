import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { FileUploadPanel } from './FileUploadPanel';

/** Above the documents list: upload by button or drag-and-drop, several files at once. */
export function DocumentUploader() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  return (
    <FileUploadPanel
      chooseLabel={translate('app.library.upload.choose')}
      send={async (file, { onProgress, signal }) => {
        await dataProvider.upload(file, { onProgress, signal });
        return translate('app.library.upload.done', { name: file.name });
      }}
    />
  );
}
