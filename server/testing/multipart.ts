import { randomBytes } from 'node:crypto';
import { request } from 'node:http';

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

/**
 * Sends the head of a 50 MB multipart post to `address` + `path` and 64 KB of its body, then waits
 * for the answer: one that only comes once the whole body is read never comes (the rest is never
 * sent).
 */
export function answerBeforeWholeBody(
  address: string,
  path: string,
  cookie = '',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; type: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${address}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(50 * 1024 * 1024),
        origin: address,
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, type: res.headers['content-type'] });
        req.destroy();
      });
    });
    // No answer while the rest of the body is awaited: the server is reading it all first.
    req.setTimeout(10_000, () => req.destroy(new Error('no answer before the body was read')));
    req.on('error', (error) => {
      if (!('code' in error) || error.code !== 'ECONNRESET') reject(error);
    });
    req.write(`--x\r\ncontent-disposition: form-data; name="file"; filename="a.zip"\r\n\r\n`);
    req.write(Buffer.alloc(64 * 1024, 'a'));
  });
}
