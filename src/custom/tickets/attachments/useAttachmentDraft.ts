import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { HttpError, useDataProvider, useTranslate, type Identifier } from 'react-admin';
import {
  ATTACHMENT_MAX_MB,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_MESSAGE,
  type TicketAttachment,
} from '../../../domain/ticketAttachments';
import type { AppDataProvider } from '../../../providers/dataProvider';

/** A file in the reply box before sending: uploading, uploaded (its pending attachment), or refused with why. */
export interface DraftFile {
  key: string;
  name: string;
  size: number;
  state: 'uploading' | 'ready' | 'failed';
  reason?: string;
  attachment?: TicketAttachment;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The name a pasted screenshot gets: browsers call every pasted image "image.png", which says nothing in
 * a thread. `capture-2026-11-27-10-42.png`, from the local time of the paste.
 */
export function screenshotName(file: File, now = new Date()): string {
  const extension = file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}-${pad(now.getMinutes())}`;
  return `capture-${stamp}.${extension}`;
}

const reasonOf = (error: unknown): string | undefined => {
  if (!(error instanceof HttpError)) return undefined;
  const violations = (error.body as { violations?: { message?: unknown }[] } | undefined)?.violations;
  const message = violations?.[0]?.message;
  return typeof message === 'string' ? message : undefined;
};

/**
 * The files of a reply or a note being written: each one checked here (type, size, count, the same
 * figures as the server's) and uploaded at once, so that sending only names them. Removing a file
 * deletes its upload; what the user typed is never touched by any of it.
 */
export function useAttachmentDraft(ticketId: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const [files, setFiles] = useState<DraftFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const counter = useRef(0);
  const uploads = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const change = useCallback(
    (key: string, update: Partial<DraftFile>) =>
      setFiles((list) => list.map((file) => (file.key === key ? { ...file, ...update } : file))),
    [],
  );

  const add = useCallback(
    (incoming: readonly File[], { pasted = false }: { pasted?: boolean } = {}) => {
      let kept = files.filter((file) => file.state !== 'failed').length;
      const added: DraftFile[] = [];
      for (const file of incoming) {
        const name = pasted && file.type.startsWith('image/') ? screenshotName(file) : file.name || 'fichier';
        const key = `file-${counter.current++}`;
        const refusal = !(ATTACHMENT_TYPES as readonly string[]).includes(file.type)
          ? 'bad_type'
          : file.size > ATTACHMENT_MAX_MB * 1024 * 1024
            ? 'too_large'
            : kept >= ATTACHMENTS_PER_MESSAGE
              ? 'too_many'
              : undefined;
        if (refusal) {
          added.push({
            key,
            name,
            size: file.size,
            state: 'failed',
            reason: translate(`app.ticket_attachments.${refusal}`),
          });
          continue;
        }
        kept++;
        added.push({ key, name, size: file.size, state: 'uploading' });
        const controller = new AbortController();
        uploads.current.set(key, controller);
        dataProvider
          .uploadTicketAttachment(ticketId, file, { filename: name, signal: controller.signal })
          .then(
            (attachment) => change(key, { state: 'ready', attachment }),
            (error: unknown) => {
              if (controller.signal.aborted) return;
              change(key, {
                state: 'failed',
                reason: reasonOf(error) ?? translate('app.ticket_attachments.upload_failed'),
              });
            },
          )
          .finally(() => uploads.current.delete(key));
      }
      setFiles((list) => [...list, ...added]);
    },
    [change, dataProvider, files, ticketId, translate],
  );

  const remove = useCallback(
    (key: string) => {
      const file = files.find((entry) => entry.key === key);
      uploads.current.get(key)?.abort();
      // An upload nobody will send: deleted now, or by the sweep of pending files if this fails.
      if (file?.attachment) void dataProvider.deleteTicketAttachment(file.attachment.id).catch(() => undefined);
      setFiles((list) => list.filter((entry) => entry.key !== key));
    },
    [dataProvider, files],
  );

  /** Once the message that carries them is sent: the box starts empty again. */
  const reset = useCallback(() => setFiles([]), []);

  const onPaste = useCallback(
    (event: ClipboardEvent) => {
      const pasted = Array.from(event.clipboardData?.files ?? []);
      if (pasted.length === 0) return;
      // Only files are taken over: pasted text goes into the box as usual.
      event.preventDefault();
      add(pasted, { pasted: true });
    },
    [add],
  );

  const dropZone = {
    onDragOver: (event: DragEvent) => {
      if (!Array.from(event.dataTransfer.types).includes('Files')) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      setDragging(false);
      const dropped = Array.from(event.dataTransfer.files);
      if (dropped.length === 0) return;
      event.preventDefault();
      add(dropped);
    },
  };

  return {
    files,
    add,
    remove,
    reset,
    onPaste,
    dropZone,
    dragging,
    /** The ids a reply or note names: the uploaded files. */
    ids: files.flatMap((file) => (file.attachment && file.state === 'ready' ? [file.attachment.id] : [])),
    /** Whether sending must wait: a file still uploading, or a refused one the user has not removed yet. */
    blocked: files.some((file) => file.state !== 'ready'),
  };
}

/** The files of a message being written, as the reply box shows and sends them. */
export type AttachmentDraft = ReturnType<typeof useAttachmentDraft>;
