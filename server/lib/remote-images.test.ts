import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpImages, isPrivateAddress, loopbackImages } from './remote-images.ts';

let server: Server;
let base = '';
const requests: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const route: Record<string, () => void> = {
      '/a.png': () => response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('png-bytes')),
      '/moved': () => response.writeHead(302, { location: '/a.png' }).end(),
      '/away': () => response.writeHead(302, { location: 'https://example.com/a.png' }).end(),
      '/page': () => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>'),
      '/big': () => response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096)),
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

  it('never reaches this machine or a private network by default, by name or by a redirect', async () => {
    const sent: string[] = [];
    const images = httpImages({
      fetch: (async (url: URL) => {
        sent.push(String(url));
        return new Response('', { status: 302, headers: { location: 'http://10.0.0.8/a.png' } });
      }) as typeof fetch,
      resolve: async (host) => (host === 'intranet.example' ? ['10.1.2.3'] : ['93.184.216.34']),
    });
    expect(await failure(images.fetch(`${base}/a.png`))).toBe('127.0.0.1 is on a private network');
    expect(await failure(images.fetch('http://intranet.example/a.png'))).toBe(
      'intranet.example is on a private network',
    );
    expect(await failure(images.fetch('http://[::1]/a.png'))).toBe('::1 is on a private network');
    expect(await failure(images.fetch('https://photos.example/a.png'))).toBe(
      '10.0.0.8 is on a private network',
    );
    expect(sent).toEqual(['https://photos.example/a.png']);
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

  it('knows the private and local ranges', () => {
    for (const address of [
      '127.0.0.1',
      '10.2.3.4',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '172.32.0.1', '2606:4700::1111']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
