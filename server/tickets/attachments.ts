import type { Database, Queryable } from '../db/database.ts';
import { unprocessable, violation } from '../shared/errors.ts';
import { removeUnheldFiles } from '../storage/fileRemovals.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import {
  ATTACHMENTS_PER_MESSAGE,
  PENDING_ATTACHMENT_TTL_SECONDS,
  type TicketAttachment,
} from '../../src/domain/ticketAttachments.ts';

/** The `attachments` of a reply or a note: the ids of its writer's pending uploads. */
export const attachmentIds = {
  type: 'array',
  items: { type: 'integer', minimum: 1 },
  maxItems: ATTACHMENTS_PER_MESSAGE,
} as const;

/** An attachment as the API answers it: no storage key, ever. */
export type AttachmentSummary = TicketAttachment;

/** The columns of `ticket_attachments` (alias `a`) as an AttachmentSummary. */
export const ATTACHMENT_COLUMNS = `a.id, a.ticket_id AS ticket, a.message_id AS message, a.note_id AS note, a.name,
  a.mime_type AS "mimeType", a.size::float8 AS size, to_json(a.created_at) AS "createdAt"`;

/**
 * Gives a new message or note the files its writer uploaded for it: only their own uploads, on this
 * ticket, still pending. Anything else (another's file, one already sent, another ticket's) refuses the
 * whole write with a 422 on `attachments`, so a message never goes out missing a file its writer saw attached.
 */
export async function takeAttachments(
  tx: Queryable,
  {
    ticketId,
    writerId,
    ids,
    carrier,
  }: { ticketId: number; writerId: number; ids: readonly number[]; carrier: { message: number } | { note: number } },
): Promise<AttachmentSummary[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const taken = await tx.query<AttachmentSummary>(
    `UPDATE ticket_attachments a SET message_id = $4, note_id = $5
      WHERE a.id = ANY($1::int[]) AND a.ticket_id = $2 AND a.uploader_id = $3
        AND a.message_id IS NULL AND a.note_id IS NULL
      RETURNING ${ATTACHMENT_COLUMNS}`,
    [
      wanted,
      ticketId,
      writerId,
      'message' in carrier ? carrier.message : null,
      'note' in carrier ? carrier.note : null,
    ],
  );
  if (taken.length !== wanted.length)
    throw unprocessable([
      violation(
        'attachments',
        'reference',
        'Une pièce jointe est introuvable ou déjà envoyée : retirez-la puis ajoutez le fichier à nouveau.',
      ),
    ]);
  return taken.sort((a, b) => a.id - b.id);
}

/**
 * Deletes, with their files, the uploads no reply or note took within the pending delay. Answers how many
 * went. Run by one process of all (server/jobs/).
 */
export async function sweepPendingAttachments(
  db: Database,
  files: FileStorage,
  ttlSeconds = PENDING_ATTACHMENT_TTL_SECONDS,
): Promise<number> {
  const deleted = await db.query(
    `DELETE FROM ticket_attachments
      WHERE message_id IS NULL AND note_id IS NULL AND created_at < now() - make_interval(secs => $1)
      RETURNING id`,
    [ttlSeconds],
  );
  // Their keys were queued by the delete: their files go now rather than at the queue's next run.
  await removeUnheldFiles(db, files);
  return deleted.length;
}
