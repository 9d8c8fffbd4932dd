-- The keys of stored files whose row was deleted (a ticket with its attachments, a structure with its
-- documents, a sweep), queued by statement triggers that start-up creates on every table owning files
-- (server/storage/fileRemovals.ts). A periodic job removes a queued file once nothing holds its key: no
-- row, and no recycle-bin item, whose restore needs the file and whose erasure removes it.
CREATE TABLE file_removals (
  storage_key text PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX file_removals_queued_at_idx ON file_removals (queued_at, storage_key);
-- The job asks, for each queued key, whether a document still holds it.
CREATE INDEX documents_storage_key_idx ON documents (storage_key);
