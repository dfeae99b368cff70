import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-check.ts';
import { guardedFetch, httpImages, loopbackFetch, loopbackImages, NOT_PUBLIC } from './outbound.ts';
import { guardedScope } from './outbound-scope.ts';

let server: Server;
let base = '';
const port = () => new URL(base).port;
const requests: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const route: Record<string, () => void> = {
      '/a.png': () => response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('png-bytes')),
      '/moved': () => response.writeHead(302, { location: '/a.png' }).end(),
      '/away': () => response.writeHead(302, { location: 'https://example.com/a.png' }).end(),
      '/to-mapped': () =>
        response.writeHead(302, { location: `http://[::ffff:7f00:1]:${port()}/a.png` }).end(),
      '/to-name': () => response.writeHead(302, { location: `http://localhost:${port()}/a.png` }).end(),
      '/page': () => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>'),
      '/big': () => response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096)),
      // What a CalDAV client asks: any method, its body answered back.
      '/dav/': () => {
        let body = '';
        request.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        request.on('end', () =>
          response
            .writeHead(207, { 'content-type': 'application/xml', 'x-seen': String(request.headers.depth) })
            .end(`${request.method} ${body}`),
        );
      },
      '/dav-moved': () => response.writeHead(301, { location: '/dav/' }).end(),
    };
    (route[request.url ?? ''] ?? (() => response.writeHead(404).end()))();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'fetched',
    (error: Error) => error.message,
  );

describe('images on other sites', () => {
  it('fetches an image, following a redirect', async () => {
    const images = loopbackImages();
    expect((await images.fetch(`${base}/a.png`)).toString()).toBe('png-bytes');
    expect((await images.fetch(`${base}/moved`)).toString()).toBe('png-bytes');
  });

  it('says in words why an address gives no image', async () => {
    const images = loopbackImages({ maxBytes: 1024 });
    expect(await failure(images.fetch(`${base}/page`))).toBe('it is not an image (text/html)');
    expect(await failure(images.fetch(`${base}/missing.png`))).toBe('the site answered 404');
    expect(await failure(images.fetch(`${base}/big`))).toBe('it is larger than 1 KB');
    expect(await failure(images.fetch('ftp://127.0.0.1/a.png'))).toBe(
      'only http and https addresses are fetched',
    );
    expect(await failure(images.fetch('not a url'))).toBe('it is not a web address');
  });

  it('by default refuses this machine under every spelling, by name and after a redirect, reaching nothing', async () => {
    const port = new URL(base).port;
    const before = requests.length;
    // The default guard, with names resolved by a stand-in (the machine's DNS is not asked).
    const names: Record<string, string[]> = {
      'localhost.test': ['127.0.0.1'],
      'intranet.test': ['10.1.2.3'],
      'metadata.test': ['169.254.169.254'],
      'split.test': ['93.184.216.34', '127.0.0.1'],
      'mapped.test': ['::ffff:7f00:1'],
    };
    const images = httpImages({ resolve: async (host) => names[host] ?? [], timeoutMs: 3_000 });
    const spellings = [
      `http://127.0.0.1:${port}/a.png`,
      `http://[::ffff:127.0.0.1]:${port}/a.png`,
      `http://[::ffff:7f00:1]:${port}/a.png`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}/a.png`,
      `http://[::ffff:0:0]:${port}/a.png`,
      `http://[::127.0.0.1]:${port}/a.png`,
      `http://[64:ff9b::7f00:1]:${port}/a.png`,
      `http://[64:ff9b:1::7f00:1]:${port}/a.png`,
      `http://[::1]:${port}/a.png`,
      `http://[::]:${port}/a.png`,
      `http://2130706433:${port}/a.png`,
      `http://0x7f.1:${port}/a.png`,
      `http://0.0.0.0:${port}/a.png`,
      'http://198.18.0.1/a.png',
      'http://198.19.255.1/a.png',
      'http://192.0.0.8/a.png',
      'http://100.64.0.1/a.png',
      'http://[fe80::1]/a.png',
      'http://[fd00::1]/a.png',
      'http://[2001:db8::1]/a.png',
      'http://[2002:7f00:1::]/a.png',
      `http://localhost.test:${port}/a.png`,
      'http://intranet.test/a.png',
      'http://metadata.test/latest/meta-data/',
      `http://split.test:${port}/a.png`,
      `http://mapped.test:${port}/a.png`,
    ];
    for (const url of spellings) {
      expect(await failure(images.fetch(url)), url).toBe(NOT_PUBLIC);
    }
    // An open port and a closed one look the same from the report.
    expect(await failure(images.fetch('http://127.0.0.1:1/a.png'))).toBe(NOT_PUBLIC);
    expect(requests.slice(before)).toEqual([]);
  });

  it('checks the address the connection uses: resolved once per hop, re-checked after a redirect', async () => {
    const port = new URL(base).port;
    // The tests' allowance: 127.0.0.1 as written, nothing else of this machine.
    const allowAddress = (address: string) => address === '127.0.0.1';
    // A name that answers an allowed address the first time and another one after.
    let asked = 0;
    const rebinding = httpImages({
      allowAddress,
      resolve: async () => (++asked === 1 ? ['127.0.0.1'] : ['10.9.9.9']),
      timeoutMs: 3_000,
    });
    expect((await rebinding.fetch(`http://rebind.test:${port}/a.png`)).toString()).toBe('png-bytes');
    expect(asked).toBe(1);
    // A redirect to another spelling of the same machine is refused before it is followed.
    const before = requests.length;
    const images = httpImages({ allowAddress, resolve: async () => [], timeoutMs: 3_000 });
    expect(await failure(images.fetch(`${base}/to-mapped`))).toBe(NOT_PUBLIC);
    expect(await failure(images.fetch(`${base}/to-name`))).toBe('localhost could not be found');
    expect(requests.slice(before)).toEqual(['/to-mapped', '/to-name']);
  });

  it('in the tests reaches nothing beyond this machine, not even by a redirect', async () => {
    const before = requests.length;
    expect(await failure(loopbackImages().fetch('https://example.com/a.png'))).toBe(
      'example.com is not reachable from here',
    );
    expect(await failure(loopbackImages().fetch(`${base}/away`))).toBe(
      'example.com is not reachable from here',
    );
    expect(requests.slice(before)).toEqual(['/away']);
  });

  it('knows which addresses are public, in any spelling', () => {
    for (const address of [
      '127.0.0.1',
      '10.2.3.4',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '198.18.0.1',
      '192.0.0.1',
      '255.255.255.255',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:93.184.216.34',
      '64:ff9b::5db8:d822',
      '::5db8:d822',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '172.32.0.1', '2606:4700::1111', '2a00:1450:4001::200e']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe("a client's own requests (CalDAV)", () => {
  it('sends any method with its headers and body, follows a redirect with them, or hands the redirect back', async () => {
    const fetch = loopbackFetch();
    const answer = await fetch(`${base}/dav/`, {
      method: 'PROPFIND',
      headers: { depth: '1' },
      body: '<propfind/>',
    });
    expect(answer.status).toBe(207);
    expect(answer.headers.get('x-seen')).toBe('1');
    expect(await answer.text()).toBe('PROPFIND <propfind/>');
    const followed = await fetch(`${base}/dav-moved`, { method: 'REPORT', body: '<query/>' });
    expect(await followed.text()).toBe('REPORT <query/>');
    expect(followed.url).toBe(`${base}/dav/`);
    const manual = await fetch(`${base}/dav-moved`, { method: 'PROPFIND', redirect: 'manual' });
    expect(manual.status).toBe(301);
    expect(manual.headers.get('location')).toBe('/dav/');
  });

  it('goes through the same guard: this machine refused by default, sizes limited, a redirect away refused', async () => {
    const before = requests.length;
    expect(await failure(guardedFetch()(`${base}/dav/`, { method: 'PROPFIND' }))).toBe(NOT_PUBLIC);
    expect(requests.length).toBe(before);
    expect(await failure(loopbackFetch({ maxBytes: 1024 })(`${base}/big`))).toBe('it is larger than 1 KB');
    expect(await failure(loopbackFetch()(`${base}/away`))).toBe('example.com is not reachable from here');
  });
});

describe("a library's own fetches (Fedify delivering to an inbox)", () => {
  /** The cause a failed global fetch carries: the guard's words, or what else happened. */
  const refusal = (promise: Promise<Response>) =>
    promise.then(
      (response) => `fetched ${response.status}`,
      (error: Error) => (error.cause instanceof Error ? error.cause.message : error.message),
    );

  it('inside the scope, reaches nothing on this machine: an address, a name that resolves to it, a redirect to it', async () => {
    const guard = guardedScope({ resolve: async () => ['127.0.0.1'] });
    const before = requests.length;
    try {
      expect(await guard.run(() => refusal(fetch(`${base}/a.png`)))).toBe(NOT_PUBLIC);
      expect(await guard.run(() => refusal(fetch(`http://[::ffff:7f00:1]:${port()}/a.png`)))).toBe(
        NOT_PUBLIC,
      );
      expect(await guard.run(() => refusal(fetch(`http://inbox.example:${port()}/a.png`)))).toBe(NOT_PUBLIC);
      expect(requests.length).toBe(before);
    } finally {
      await guard.close();
    }
  });

  it('follows the same rule as the rest when allowed, limits an answer, and leaves fetches outside it alone', async () => {
    const guard = guardedScope({ allowAddress: () => true, maxBytes: 1024 });
    try {
      expect(await guard.run(() => refusal(fetch(`${base}/a.png`)))).toBe('fetched 200');
      // A body whose Content-Length its sender set (as arctic's token request does): Node 22's fetch
      // sends it twice over, joined, which the guarded agent takes as the one value it is.
      const form = await guard.run(() =>
        fetch(`${base}/dav/`, {
          method: 'POST',
          body: 'code=abc',
          headers: { 'Content-Length': '8', 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
      );
      expect(await form.text()).toBe('POST code=abc');
      // A redirect is a new connection, checked again (here, allowed).
      expect(await guard.run(async () => (await fetch(`${base}/moved`)).text())).toBe('png-bytes');
      await expect(
        guard.run(() => fetch(`${base}/big`).then((answer) => answer.arrayBuffer())),
      ).rejects.toThrow();
    } finally {
      await guard.close();
    }
    // Outside any scope, the process's fetch is as it was.
    const strict = guardedScope();
    try {
      expect(await refusal(fetch(`${base}/a.png`))).toBe('fetched 200');
      // Work started inside the scope keeps it, however many awaits later.
      expect(
        await strict.run(async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return refusal(fetch(`${base}/a.png`));
        }),
      ).toBe(NOT_PUBLIC);
    } finally {
      await strict.close();
    }
  });
});
