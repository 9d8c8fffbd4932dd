-- Uploads made without a session (POST /api/public/documents/:context/upload) are marked as such: the
-- sweep deletes the ones nothing references after PUBLIC_UPLOAD_TTL, and only those (a document whose
-- owner was deleted also has no owner, but it was not anonymous). docs/SECURITY.md, "Anonymous uploads".
ALTER TABLE documents ADD COLUMN anonymous boolean NOT NULL DEFAULT false;
CREATE INDEX documents_anonymous_idx ON documents (created_at) WHERE anonymous;

-- One row per accepted anonymous upload, for the per-address daily cap and the global hourly cap. The
-- address is personal data: the sweep drops rows once they are older than the longest window (a day).
CREATE TABLE public_uploads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX public_uploads_address_idx ON public_uploads (address, created_at);
CREATE INDEX public_uploads_created_at_idx ON public_uploads (created_at);
