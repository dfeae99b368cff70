/**
 * docs/nginx/caching-proxy.conf run as written (only its upstream port, listening port and cache
 * folder changed) by Debian's nginx, for the test of that file and for bench/proxy.ts.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../paths.ts';
import { freePort } from './ports.ts';
import { startStandIn } from './stand-in-process.ts';

export const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
export const nginxInstalled = () => existsSync(NGINX);

export interface CachingProxy {
  /** The proxy's address, `http://127.0.0.1:<port>`. */
  url: string;
  /** Where nginx keeps its files (a bench may put files for `servers` here first: it exists at once). */
  folder: string;
  stop(): Promise<void>;
}

/**
 * Starts nginx with the documented configuration in front of the site on `sitePort`, plus any
 * other `server { }` blocks given (`servers` receives the working folder), and resolves once it
 * answers.
 */
export async function startCachingProxy({
  sitePort,
  workers = 1,
  servers = () => '',
}: {
  sitePort: number | string;
  workers?: number;
  servers?: (folder: string) => string;
}): Promise<CachingProxy> {
  const folder = mkdtempSync(join(tmpdir(), 'portfolio-nginx-'));
  // Started as root, nginx's workers run as an unprivileged user: they write the cache here.
  chmodSync(folder, 0o777);
  const port = await freePort();
  const documented = readFileSync(join(projectRoot, 'docs', 'nginx', 'caching-proxy.conf'), 'utf8');
  const site = documented
    .replace('/var/cache/nginx/portfolio', join(folder, 'cache'))
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${sitePort};`)
    .replace('listen 8080;', `listen 127.0.0.1:${port};`);
  if (
    ['server 127.0.0.1:3000;', 'listen 8080;', '/var/cache/nginx/portfolio'].some((left) =>
      site.includes(left),
    )
  ) {
    throw new Error('docs/nginx/caching-proxy.conf no longer has the lines that are replaced to run it here');
  }
  const temp = (name: string) => `${name}_temp_path ${join(folder, name)};`;
  writeFileSync(
    join(folder, 'nginx.conf'),
    `daemon off;
worker_processes ${workers};
pid ${join(folder, 'nginx.pid')};
error_log ${join(folder, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${site}
${servers(folder)}
}
`,
  );
  const nginx = startStandIn('nginx', NGINX, ['-p', folder, '-c', join(folder, 'nginx.conf')]);
  const url = `http://127.0.0.1:${port}`;
  // Until it answers (it starts in well under a second).
  await nginx.untilReady(async () => (await fetch(`${url}/`).catch(() => undefined)) !== undefined, {
    within: 10_000,
    log: () => readFileSync(join(folder, 'error.log'), 'utf8'),
  });
  return {
    url,
    folder,
    async stop() {
      await nginx.stop('SIGQUIT');
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
