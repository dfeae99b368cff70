/**
 * deploy/Caddyfile run as written by Debian's Caddy, with what a test machine needs instead of
 * what a server on the internet has: the site's name becomes https://localhost on a high port,
 * plain HTTP another high port, the certificate is one made for localhost before Caddy starts (by
 * Debian's openssl, kept in the test's folder), and the site's processes are the test's own.
 * Everything else (compression, the health checks, the retries, the headers, the redirect to
 * HTTPS) is the shipped file's. Not Caddy's own local authority: Caddy 2.6 cleans its storage as
 * it starts, and that cleaning could delete the certificate it was writing ("key is empty"),
 * which it then tried to get again only a minute later.
 */
import { execFileSync } from 'node:child_process';
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
  /** The certificate Caddy serves (PEM, its own authority), to trust it in a test. */
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
  const certificate = join(folder, 'localhost.crt');
  const key = join(folder, 'localhost.key');
  // Its own authority (openssl's `req -x509` marks it CA:TRUE), for localhost, for two days.
  execFileSync(
    'openssl',
    `req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=localhost -addext subjectAltName=DNS:localhost`
      .split(' ')
      .concat(['-keyout', key, '-out', certificate]),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const shipped = readFileSync(join(projectRoot, 'deploy', 'Caddyfile'), 'utf8');
  const site = shipped
    .replace(
      /^\{\n/m,
      `{\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tadmin off\n\tstorage file_system ${join(folder, 'data')}\n`,
    )
    .replace(/^example\.com \{$/m, `localhost:${httpsPort} {\n\ttls ${certificate} ${key}`)
    .replace(
      'reverse_proxy 127.0.0.1:3000 127.0.0.1:3001 {',
      `reverse_proxy ${sitePorts.map((port) => `127.0.0.1:${port}`).join(' ')} {`,
    );
  if (
    site.includes('example.com {') ||
    site.includes('127.0.0.1:3000 127.0.0.1:3001') ||
    !site.includes(`tls ${certificate}`)
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
  const ca = readFileSync(certificate, 'utf8');
  // Until it answers over HTTPS with that certificate.
  await caddy.untilReady(async () => (await httpsGet(`${https}/readyz`, ca)).status === 200, {
    within: 30_000,
    every: 200,
  });
  return {
    https,
    http: `http://localhost:${httpPort}`,
    ca,
    async stop() {
      await caddy.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
