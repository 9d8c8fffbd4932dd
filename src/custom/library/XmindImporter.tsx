import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { FileUploadPanel } from './FileUploadPanel';
import { uploadErrorMessage } from './uploadError';

/** Above the imports list: an XMind map becomes a new version, with its progress and its summary. */
export function XmindImporter() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  return (
    <FileUploadPanel
      chooseLabel={translate('app.library.xmind.choose')}
      accept=".xmind"
      multiple={false}
      send={async (file, { onProgress, signal }) => {
        const { data } = await dataProvider.importXmind(file, { onProgress, signal });
        const summary = (data.summary ?? {}) as { folders?: number; sheets?: number };
        return translate('app.library.xmind.done', {
          version: data.version,
          folders: summary.folders ?? 0,
          sheets: summary.sheets ?? 0,
        });
      }}
      describeError={(error) => {
        const { status, body } = (error as { status?: number; body?: { reason?: unknown } }) ?? {};
        if (status !== 422) return uploadErrorMessage(error, translate);
        // The server's reason (`xmind_corrupt`…) says why in French; its message is the server's English detail.
        const reason = typeof body?.reason === 'string' ? body.reason.replace(/^xmind_/, '') : '';
        return translate(`app.library.xmind.refused.${reason}`, { _: translate('app.library.xmind.invalid') });
      }}
    />
  );
}
