/**
 * deploy/Caddyfile run as written by Debian's Caddy, with what a test machine needs instead of
 * what a server on the internet has: the site's name becomes https://localhost on a high port,
 * plain HTTP another high port, the certificate comes from Caddy's own local authority (`tls
 * internal`, its root kept in the test's folder, never installed), and the site's processes are
 * the test's own. Everything else (compression, the health checks, the retries, the headers) is
 * the shipped file's.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../paths.ts';
import { freePort } from './ports.ts';
import { startStandIn } from './stand-in-process.ts';

export const CADDY = process.env.CADDY ?? '/usr/bin/caddy';
export const caddyInstalled = () => existsSync(CADDY);

export interface RunningCaddy {
  /** `https://localhost:<port>`: the site as visitors reach it. */
  https: string;
  /** `http://localhost:<port>`: plain HTTP, which Caddy redirects. */
  http: string;
  /** Caddy's local root certificate (PEM), to trust its certificate in a test. */
  ca: string;
  stop(): Promise<void>;
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request over HTTPS trusting `ca`, on a connection of its own (a test's own look through the proxy). */
export function httpsRequest(
  url: string,
  ca: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, ca, headers, agent: false, timeout: 20_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in 20 s`)));
    req.end(body);
  });
}

/** GET over HTTPS trusting `ca`. */
export const httpsGet = (url: string, ca: string, headers: Record<string, string> = {}) =>
  httpsRequest(url, ca, { headers });

/** Starts Caddy with deploy/Caddyfile in front of the site's processes on `sitePorts`. */
export async function startCaddy({
  sitePorts,
  httpsPort = 0,
}: {
  sitePorts: number[];
  /** The HTTPS port, when the site must know it first (its PUBLIC_URL); a free one otherwise. */
  httpsPort?: number;
}): Promise<RunningCaddy> {
  const folder = mkdtempSync(join(tmpdir(), 'portfolio-caddy-'));
  const httpPort = await freePort();
  httpsPort ||= await freePort();
  const shipped = readFileSync(join(projectRoot, 'deploy', 'Caddyfile'), 'utf8');
  const site = shipped
    .replace(
      /^\{\n/m,
      `{\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tlocal_certs\n\tskip_install_trust\n\tadmin off\n\tstorage file_system ${join(folder, 'data')}\n`,
    )
    .replace(/^example\.com \{$/m, `localhost:${httpsPort} {`)
    .replace(
      'reverse_proxy 127.0.0.1:3000 127.0.0.1:3001 {',
      `reverse_proxy ${sitePorts.map((port) => `127.0.0.1:${port}`).join(' ')} {`,
    );
  if (
    site.includes('example.com {') ||
    site.includes('127.0.0.1:3000 127.0.0.1:3001') ||
    !site.includes('local_certs')
  ) {
    throw new Error('deploy/Caddyfile no longer has the lines that are replaced to run it here');
  }
  const config = join(folder, 'Caddyfile');
  writeFileSync(config, site);
  const caddy = startStandIn('caddy', CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: folder,
      XDG_DATA_HOME: join(folder, 'data'),
      XDG_CONFIG_HOME: join(folder, 'config'),
    },
  });
  const https = `https://localhost:${httpsPort}`;
  const root = join(folder, 'data', 'pki', 'authorities', 'local', 'root.crt');
  // Until it answers over HTTPS with the certificate of its own authority.
  await caddy.untilReady(
    async () =>
      existsSync(root) && (await httpsGet(`${https}/readyz`, readFileSync(root, 'utf8'))).status === 200,
    { within: 30_000, every: 200 },
  );
  return {
    https,
    http: `http://localhost:${httpPort}`,
    ca: readFileSync(root, 'utf8'),
    async stop() {
      await caddy.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
