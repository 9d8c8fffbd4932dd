import type { Identifier } from 'react-admin';
import type { TicketAttachment } from '../domain/ticketAttachments';
import type { HttpClient } from './httpClient';
import { API } from './routes';

const id = (value: Identifier) => encodeURIComponent(String(value));

/**
 * Files on ticket replies and notes: uploaded one by one before the message is sent (pending, the
 * uploader's), then named by the reply (`addTicketMessage`'s `attachments`) or attached to the new note.
 */
export function createTicketAttachmentActions(http: HttpClient) {
  return {
    async uploadTicketAttachment(
      ticket: Identifier,
      file: Blob,
      { filename, signal }: { filename?: string; signal?: AbortSignal } = {},
    ): Promise<TicketAttachment> {
      const form = new FormData();
      form.append('file', file, filename ?? (file as File).name ?? 'fichier');
      const { json } = await http(`${API}/tickets/${id(ticket)}/attachments`, { method: 'POST', body: form, signal });
      return json as TicketAttachment;
    },
    /** A pending file removed from the box before sending. */
    async deleteTicketAttachment(attachment: Identifier): Promise<void> {
      await http(`${API}/ticket-attachments/${id(attachment)}`, { method: 'DELETE' });
    },
    /** The files of a ticket's replies, and of its notes for support staff. */
    async getTicketAttachments(ticket: Identifier): Promise<TicketAttachment[]> {
      return (await http(`${API}/tickets/${id(ticket)}/attachments`)).json as TicketAttachment[];
    },
    async getTicketAttachment(attachment: Identifier): Promise<TicketAttachment> {
      return (await http(`${API}/ticket-attachments/${id(attachment)}`)).json as TicketAttachment;
    },
    /** The file's bytes (signed in: an attachment never has a public address). */
    async fetchTicketAttachment(attachment: Identifier, signal?: AbortSignal): Promise<Blob> {
      const response = await http(`${API}/ticket-attachments/${id(attachment)}/download`, {
        responseType: 'blob',
        signal,
      });
      return response.blob as Blob;
    },
    async attachToNote(note: Identifier, attachments: readonly number[]): Promise<TicketAttachment[]> {
      const { json } = await http(`${API}/notes-bo/${id(note)}/attachments`, {
        method: 'POST',
        body: JSON.stringify({ attachments }),
      });
      return json as TicketAttachment[];
    },
  };
}
