/** A file as a test uploads it. */
export interface UploadedFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body with `fields` first, then `file` in the part named "file", as the upload routes take it. */
export function multipartBody(
  file: UploadedFile,
  fields: Record<string, string> = {},
): { payload: Buffer; contentType: string } {
  const boundary = '----test-boundary-7MA4YWxk';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
