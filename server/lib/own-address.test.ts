import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BAD_HOST, BAD_PROTOCOL, isHostName, ownAddressProblem, ownOrigin, ownUrl } from './own-address.ts';

const request = (url: string, host = 'site.example:4000', protocol = 'https') =>
  ({ protocol, host, url }) as unknown as FastifyRequest;

describe("a request's own address", () => {
  it('takes a host name or address with its port, whatever its case', () => {
    for (const host of [
      'localhost',
      'site.example:4000',
      'SITE.example',
      '127.0.0.1:80',
      '[::1]:4999',
      'site.example.',
      'bücher.example',
    ])
      expect(isHostName(host), host).toBe(true);
  });

  it('refuses a Host that is not one: empty, a space, a path, a user, a fragment, a bad port or escape', () => {
    for (const host of [
      undefined,
      '',
      'a b',
      'x/y',
      'x\\y',
      'a@b',
      'site.example#x',
      'site.example?x',
      'localhost:99999',
      '[::1',
      '%zz',
    ])
      expect(isHostName(host), String(host)).toBe(false);
  });

  it('keeps a path that begins with two slashes on this site', () => {
    expect(ownUrl(request('//evil.example/x?y=1')).href).toBe(
      'https://site.example:4000//evil.example/x?y=1',
    );
    expect(ownUrl(request('/blog'), '//blog').host).toBe('site.example:4000');
    expect(ownUrl(request('/'), '/\\evil.example').host).toBe('site.example:4000');
  });

  it('keeps only the path of an absolute-form target', () => {
    expect(ownUrl(request('http://evil.example/blog?page=2')).href).toBe(
      'https://site.example:4000/blog?page=2',
    );
    expect(ownUrl(request('http://evil.example')).href).toBe('https://site.example:4000/');
  });

  it('is the origin the request came to', () => {
    expect(ownOrigin(request('/x'))).toBe('https://site.example:4000');
    expect(ownUrl(request('/blog?tag=a%20b')).searchParams.get('tag')).toBe('a b');
  });

  it('says what keeps a request from an address of its own: its Host, or a protocol other than http(s)', () => {
    expect(ownAddressProblem(request('/', 'site.example', 'http'))).toBeNull();
    expect(ownAddressProblem(request('/', 'site.example', 'https'))).toBeNull();
    expect(ownAddressProblem(request('/', 'a b'))).toBe(BAD_HOST);
    for (const protocol of ['javascript', 'ftp', 'a b', ''])
      expect(ownAddressProblem(request('/', 'site.example', protocol)), protocol).toBe(BAD_PROTOCOL);
  });
});
