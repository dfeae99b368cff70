import { randomBytes } from 'node:crypto';

/** One file as a form sends it: `multipart/form-data`, with the headers to inject it with. */
export function multipartFile(
  field: string,
  filename: string,
  contentType: string,
  bytes: Buffer | Uint8Array | string,
) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
