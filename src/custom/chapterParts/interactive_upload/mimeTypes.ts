/** The file types an author may ask learners for: what the server's uploads accept, by family. */
export const ACCEPTED_MIME_TYPES = [
  'application/pdf',
  'image/*',
  'image/png',
  'image/jpeg',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'audio/mpeg',
  'video/mp4',
] as const;
