import { DEFAULT_CSV_FORMAT, type CsvFormat } from '../domain/csvFrench';
import type { Identifier, RaRecord } from 'react-admin';
import { COURSE_ARCHIVE_FIELD } from '../domain/courseFormat';
import type { HttpClient } from './httpClient';
import { withQuery, type ListParams } from './hydra';
import { fromApi } from './records';
import { routes } from './routes';

export interface UploadParams {
  /** The public upload's context (an allow-list on the server), for uploads made outside a session. */
  context?: string;
  /**
   * The context a signed-in upload gives its document (multipart field `context`): `chapter_part` makes a
   * part's image or file readable by the other contributors (docs/SECURITY.md), which a part needs.
   */
  documentContext?: string;
  /** The file's name when `file` is a Blob without one. */
  filename?: string;
  onProgress?: (progress: { loaded: number; total: number }) => void;
  signal?: AbortSignal;
}

export interface DownloadResult {
  blob: Blob;
  filename: string;
}

/** The file name a `Content-Disposition` header gives, RFC 6266 (`filename*` wins over `filename`). */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // A malformed encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(disposition);
  if (plain) return (plain[2] ?? plain[1]).replace(/\\(.)/g, '$1').trim() || fallback;
  return fallback;
}

/** Saves a blob under a name, the way a browser download does: an object URL on a clicked anchor. */
export function saveInBrowser({ blob, filename }: DownloadResult): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click has started the download; the URL can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function createTransfer(http: HttpClient, save: (file: DownloadResult) => void) {
  /** A file the server makes, saved under the name it gives (or `fallback`). */
  async function download(url: string, fallback: string): Promise<{ data: DownloadResult }> {
    const response = await http(url, { responseType: 'blob' });
    const file = {
      blob: response.blob as Blob,
      filename: filenameOf(response.headers.get('Content-Disposition'), fallback),
    };
    save(file);
    return { data: file };
  }

  return {
    /** A multipart upload of one file (field `file`), answering the created document. */
    async upload(
      file: Blob,
      { context, documentContext, filename, onProgress, signal }: UploadParams = {},
    ): Promise<{ data: RaRecord }> {
      const form = new FormData();
      // Before the file: the server reads the fields that precede it.
      if (documentContext && !context) form.append('context', documentContext);
      form.append('file', file, filename ?? (file as File).name ?? 'fichier');
      const { json } = await http(context ? routes.publicUpload(context) : routes.upload, {
        method: 'POST',
        body: form,
        secured: !context,
        onUploadProgress: onProgress,
        signal,
      });
      return { data: fromApi(json) as RaRecord };
    },

    /** An XMind map read into a new version of folders and sheets; answers the import (`summary: {folders, sheets}`). */
    async importXmind(
      file: Blob,
      { filename, onProgress, signal }: Omit<UploadParams, 'context'> = {},
    ): Promise<{ data: RaRecord }> {
      const form = new FormData();
      form.append('file', file, filename ?? (file as File).name ?? 'carte.xmind');
      const { json } = await http(routes.xmindImport, {
        method: 'POST',
        body: form,
        onUploadProgress: onProgress,
        signal,
      });
      return { data: fromApi(json) as RaRecord };
    },

    /** A course's zip (course.json and its documents' files), saved on the user's machine. */
    exportCourse(id: Identifier): Promise<{ data: DownloadResult }> {
      return download(routes.courseExport(id), `cours-${id}.zip`);
    },

    /** A structure's data whole (its rows and files, for platform staff), saved on the user's machine. */
    exportStructure(id: Identifier): Promise<{ data: DownloadResult }> {
      return download(routes.structureExport(id), `structure-${id}.zip`);
    },

    /**
     * A list's whole filtered result as CSV (`GET /api/{resource}/export.csv`, the list's filters and order),
     * made by the server and saved on the user's machine.
     */
    exportList(
      resource: string,
      { sort, filter, format = DEFAULT_CSV_FORMAT }: Pick<ListParams, 'sort' | 'filter'> & { format?: CsvFormat },
    ) {
      // The French spreadsheet by default; `api`: the API's own fields, for a re-import or an integration.
      const path = withQuery(routes.listExport(resource), { sort, filter });
      const formatted =
        format === DEFAULT_CSV_FORMAT ? path : `${path}${path.includes('?') ? '&' : '?'}format=${format}`;
      return download(formatted, format === DEFAULT_CSV_FORMAT ? `${resource}.csv` : `${resource}-api.csv`);
    },

    /**
     * A course's zip made a new draft course of the session's structure; answers the course. A refused
     * file is a 422 whose violations say each problem in French (`error.body.violations`).
     */
    async importCourse(file: Blob, { filename, signal }: Pick<UploadParams, 'filename' | 'signal'> = {}) {
      const form = new FormData();
      form.append(COURSE_ARCHIVE_FIELD, file, filename ?? (file as File).name ?? 'cours.zip');
      const { json } = await http(routes.courseImport, { method: 'POST', body: form, signal });
      return { data: fromApi(json) as RaRecord };
    },

    /** The document's bytes, saved on the user's machine under the document's own name. */
    async download(
      id: Identifier,
      { save: shouldSave = true }: { save?: boolean } = {},
    ): Promise<{ data: DownloadResult }> {
      const response = await http(routes.download(id), { responseType: 'blob' });
      const file = {
        blob: response.blob as Blob,
        filename: filenameOf(response.headers.get('Content-Disposition'), `document-${id}`),
      };
      if (shouldSave) save(file);
      return { data: file };
    },
  };
}
