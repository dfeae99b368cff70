/**
 * An S3-compatible service for tests: s3rver (written without the AWS SDK the site uses) on
 * 127.0.0.1, a new folder each time, with the named buckets, and the S3_ settings that reach it.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface RunningS3 {
  /** S3_ENDPOINT, S3_FORCE_PATH_STYLE and the credentials s3rver takes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3rver(buckets: string[]): Promise<RunningS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'portfolio-s3-')),
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: () => server.close(),
  };
}
