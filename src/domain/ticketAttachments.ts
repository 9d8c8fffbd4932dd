/**
 * Files on a ticket's replies and internal notes. The server refuses what breaks these rules (422 naming
 * the field) and the reply box checks them before uploading, from the same figures.
 */

/** The largest file a reply or a note may carry (the server's general upload limit may be lower still). */
export const ATTACHMENT_MAX_MB = 10;

/** How many files one reply or one note may carry. */
export const ATTACHMENTS_PER_MESSAGE = 5;

/**
 * How long an uploaded file may wait for the reply or note that carries it: an upload never sent (a tab
 * closed, a file removed from the box) is deleted with its file after this.
 */
export const PENDING_ATTACHMENT_TTL_SECONDS = 24 * 3600;

/**
 * The types a reply or a note may carry: screenshots, PDFs, text and office files. Each one is also on the
 * uploads' allow-list with its content check (server/storage/sniff.ts); a test keeps the two agreeing.
 */
export const ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
] as const;

/** How a file is shown in a thread: a thumbnail and a preview, a PDF's first page, or a download chip. */
export type AttachmentKind = 'image' | 'pdf' | 'file';

export function attachmentKind(mimeType: string): AttachmentKind {
  if (mimeType.startsWith('image/')) return 'image';
  return mimeType === 'application/pdf' ? 'pdf' : 'file';
}

/** The back-office page that opens one attachment after sign-in: what the author's e-mail links to. */
export const attachmentAppPath = (id: number | string) => `#/ticket-attachments/${id}`;

/** An attachment as the API answers it (`message` and `note` both null while it waits to be sent). */
export interface TicketAttachment {
  id: number;
  ticket: number;
  message: number | null;
  note: number | null;
  name: string;
  mimeType: string;
  size: number;
  createdAt: string;
}
