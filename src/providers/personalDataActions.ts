import type { Identifier } from 'react-admin';
import type { PersonalDataRequest, PersonalDataRequestKind } from '../domain/personalData';
import type { HttpClient } from './httpClient';
import { routes } from './routes';
import { filenameOf, type DownloadResult } from './transfer';

/**
 * A person's data requests as named methods of the dataProvider: the person's requests, filing an export or
 * an erasure, calling an erasure off during its cool-off, and saving an export's archive.
 */
export function createPersonalDataActions(http: HttpClient, save: (file: DownloadResult) => void) {
  return {
    getPersonalDataRequests: async (user: Identifier, signal?: AbortSignal): Promise<PersonalDataRequest[]> =>
      (await http(routes.personalDataRequestsOf(user), { signal })).json as PersonalDataRequest[],
    requestPersonalData: async (user: Identifier, kind: PersonalDataRequestKind): Promise<PersonalDataRequest> =>
      (
        await http(routes.personalDataRequests, {
          method: 'POST',
          body: JSON.stringify({ user: routes.item('users', user), kind }),
        })
      ).json as PersonalDataRequest,
    cancelErasure: async (request: Identifier): Promise<PersonalDataRequest> =>
      (await http(routes.personalDataCancel(request), { method: 'POST', body: '{}' })).json as PersonalDataRequest,
    downloadPersonalData: async (request: Identifier): Promise<DownloadResult> => {
      const response = await http(routes.personalDataArchive(request), { responseType: 'blob' });
      const file = {
        blob: response.blob as Blob,
        filename: filenameOf(response.headers.get('Content-Disposition'), `donnees-personnelles-${request}.zip`),
      };
      save(file);
      return file;
    },
  };
}
