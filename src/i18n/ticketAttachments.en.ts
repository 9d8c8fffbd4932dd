import { ATTACHMENT_MAX_MB, ATTACHMENTS_PER_MESSAGE } from '../domain/ticketAttachments';

/** Files on ticket replies and notes, spread under `app` by en.ts. */
export const ticketAttachmentsEn = {
  ticket_attachments: {
    attach: 'Attach files',
    drop_here: 'Drop the files here to attach them',
    pending: 'Files to send',
    uploading: 'Uploading %{name}…',
    remove: 'Remove %{name}',
    failed: '%{name}: %{reason}',
    upload_failed: 'the file could not be uploaded.',
    too_large: `the file is larger than ${ATTACHMENT_MAX_MB} MB.`,
    bad_type: 'this type of file is not accepted.',
    too_many: `at most ${ATTACHMENTS_PER_MESSAGE} files a message.`,
    wait_uploads: 'Wait for the files to finish uploading, or remove the ones that failed.',
    list: 'Attachments',
    open_image: 'Enlarge %{name}',
    open_pdf: 'Preview %{name}',
    download: 'Download %{name}',
    download_button: 'Download',
    preview_title: 'Attachment: %{name}',
    loading: 'Loading the attachment…',
    not_found: 'This attachment cannot be found, or you may not open it.',
    page_title: 'Attachment',
    back_to_account: 'My account',
    note_files_failed: 'The note is saved, but its files could not be attached to it.',
  },
};
