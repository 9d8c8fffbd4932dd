import type { Identifier } from 'react-admin';
import type { MentionCandidate, MentionInbox } from '../domain/mentions';
import type { HttpClient } from './httpClient';
import { API } from './routes';

const id = (value: Identifier) => encodeURIComponent(String(value));
const MENTIONS = `${API}/mentions`;

/**
 * Mentions in ticket notes and the app bar's bell (`/api/tickets/{id}/notes`, `/api/mentions`), as named
 * methods of the dataProvider: `dataProvider.getMentions()`, `dataProvider.addTicketNote(...)`...
 */
export function createMentionActions(http: HttpClient) {
  return {
    /** The colleagues who may be mentioned on a ticket whose name holds `q`. */
    getMentionCandidates: async (ticket: Identifier, q: string, signal?: AbortSignal): Promise<MentionCandidate[]> =>
      (await http(`${API}/tickets/${id(ticket)}/mention-candidates?q=${encodeURIComponent(q)}`, { signal }))
        .json as MentionCandidate[],
    /** A ticket's internal note, with the ids of the colleagues it mentions. */
    addTicketNote: async (
      ticket: Identifier,
      note: { content: string; mentions: Identifier[] } & Record<string, unknown>,
    ): Promise<{ id: Identifier }> =>
      (await http(`${API}/tickets/${id(ticket)}/notes`, { method: 'POST', body: JSON.stringify(note) })).json as {
        id: Identifier;
      },
    getMentions: async (): Promise<MentionInbox> => (await http(MENTIONS)).json as MentionInbox,
    markMentionRead: async (mention: Identifier): Promise<void> => {
      await http(`${MENTIONS}/${id(mention)}/read`, { method: 'PUT', body: '{}' });
    },
    markAllMentionsRead: async (): Promise<void> => {
      await http(`${MENTIONS}/read-all`, { method: 'POST', body: '{}' });
    },
  };
}
