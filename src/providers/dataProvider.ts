import simpleRestProvider from 'ra-data-simple-rest';
import {
  addRefreshAuthToDataProvider,
  type CreateParams,
  type DataProvider,
  type DeleteParams,
  type GetListResult,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import { createActions, type Actions } from './actions';
import { createLearningReportActions } from './learningReportActions';
import { createPersonalDataActions } from './personalDataActions';
import { createOnboardingActions, type OnboardingActions } from './onboardingActions';
import { withEarlyLists } from './earlyList';
import { httpClient, refreshAuth, type HttpClient } from './httpClient';
import { createSearchActions } from './searchActions';
import { createCsvImportActions } from './csvImportActions';
import { createMentionActions } from './mentionActions';
import { createEnrolmentActions } from './enrolmentActions';
import { createTicketAttachmentActions } from './ticketAttachmentActions';
import { fromCollection, withQuery, type ListParams } from './hydra';
import { fromApi, toApi, updateBody } from './records';
import { API, routes } from './routes';
import { sessionStore } from './sessionStore';
import { createTransfer, saveInBrowser, type DownloadResult } from './transfer';

type Json = Record<string, unknown>;

/** Resources whose items embed a summary of several possible types (a ticket's `parent`: a user or a course). */
const TYPED_SUMMARIES = new Set(['tickets']);

/** react-admin's data provider plus one named method for every call the back-office makes that is not CRUD. */
export type AppDataProvider = DataProvider &
  Actions &
  OnboardingActions &
  ReturnType<typeof createLearningReportActions> &
  ReturnType<typeof createPersonalDataActions> &
  ReturnType<typeof createTransfer> &
  ReturnType<typeof createSearchActions> &
  ReturnType<typeof createCsvImportActions> &
  ReturnType<typeof createMentionActions> &
  ReturnType<typeof createTicketAttachmentActions> &
  ReturnType<typeof createEnrolmentActions>;

export interface DataProviderDeps {
  http?: HttpClient;
  hasToken?: () => boolean;
  /** Where a download goes: the browser's own download by default. */
  save?: (file: DownloadResult) => void;
}

/**
 * The data provider of API.md: Hydra listings for getList / getManyReference, ra-data-simple-rest for
 * the item calls (`/api/{resource}/{id}`), relation IRIs turned into ids on the way in and back into
 * IRIs on the way out, and the actions as named methods (`dataProvider.reorder('chapters', {id, position})`).
 */
export function createDataProvider({
  http = httpClient,
  hasToken = () => Boolean(sessionStore.getToken()),
  save = saveInBrowser,
}: DataProviderDeps = {}): AppDataProvider {
  const rest = simpleRestProvider(API, http);

  async function list<R extends RaRecord>(resource: string, params: ListParams): Promise<GetListResult<R>> {
    const { json } = await http(withQuery(routes.collection(resource), params), {
      listing: true,
      signal: params.signal,
    });
    return fromCollection<R>(json);
  }

  async function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<{ data: R }> {
    // In plain JSON an embedded summary is `{id, name}`; JSON-LD adds its `@id`, which says what it is.
    if (TYPED_SUMMARIES.has(resource)) {
      const { json } = await http(routes.item(resource, params.id), { listing: true, signal: params.signal });
      return { data: fromApi(json as Json) as unknown as R };
    }
    const { data } = await rest.getOne(resource, params);
    return { data: fromApi(data) as unknown as R };
  }

  async function remove(resource: string, id: Identifier): Promise<void> {
    await http(routes.delete(resource, id), { method: 'DELETE' });
  }

  return {
    ...rest,
    getList: (resource, params) => list(resource, params),
    getManyReference: (resource, { target, id, filter, ...params }) =>
      list(resource, { ...params, filter: { ...filter, [target]: id } }),
    getOne,
    // The API has no id filter (API Platform's default): fetch each, react-admin already batches the ids.
    // react-admin's getMany answers the records that exist: one deleted (404) is left out, not the whole
    // call failed, which would blank every reference of a column for one missing row.
    getMany: async (resource, { ids, signal, meta }) => {
      const found = await Promise.all(
        ids.map((id) =>
          getOne(resource, { id, signal, meta }).then(
            ({ data }) => data,
            (error: unknown) => {
              if ((error as { status?: number } | null)?.status === 404) return undefined;
              throw error;
            },
          ),
        ),
      );
      return { data: found.filter((record) => record !== undefined) };
    },
    create: async <R extends RaRecord>(resource: string, params: CreateParams<R>) => {
      const { data } = await rest.create(resource, { ...params, data: toApi(resource, params.data as Json) });
      return { data: fromApi(data) as unknown as R };
    },
    update: async <R extends RaRecord>(resource: string, params: UpdateParams<R>) => {
      const body = updateBody(params.data as Json, params.previousData as Json | undefined);
      const { data } = await rest.update(resource, { ...params, data: toApi(resource, body) });
      return { data: fromApi(data) as unknown as R };
    },
    updateMany: (resource, params) =>
      rest.updateMany(resource, { ...params, data: toApi(resource, params.data as Json) }),
    // A delete answers 204 with no body: the record react-admin had is what was deleted.
    delete: async <R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>) => {
      await remove(resource, id);
      return { data: previousData ?? ({ id } as R) };
    },
    deleteMany: async (resource, { ids }) => {
      await Promise.all(ids.map((id) => remove(resource, id)));
      return { data: ids };
    },
    ...createActions({ http, hasToken }),
    ...createOnboardingActions(http),
    ...createLearningReportActions(http, save),
    ...createPersonalDataActions(http, save),
    ...createTransfer(http, save),
    ...createSearchActions(http),
    ...createCsvImportActions(http),
    ...createMentionActions(http),
    ...createTicketAttachmentActions(http),
    ...createEnrolmentActions(http),
  };
}

// An expired token is renewed before any call, one refresh for all the calls a screen makes at once; the
// page a route opens on may already have been asked for (earlyList.ts).
export const dataProvider: AppDataProvider = withEarlyLists(
  addRefreshAuthToDataProvider(createDataProvider(), refreshAuth),
);
