import { DocumentReferenceInput } from '../../library/DocumentReferenceInput';

interface DocumentInputProps {
  source: string;
  accept?: string;
  mimeTypes?: readonly string[];
}

/**
 * A part's document: one already there, or a file uploaded in place with its progress (the library's
 * input). The upload is marked `chapter_part`, so that the other contributors may read what the part shows.
 */
export function DocumentInput({ source, accept, mimeTypes }: DocumentInputProps) {
  return (
    <DocumentReferenceInput
      source={source}
      context="chapter_part"
      accept={accept}
      mimeTypes={mimeTypes}
      label="app.parts.fields.document"
    />
  );
}
