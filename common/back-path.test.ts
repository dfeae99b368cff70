/** The page a visitor comes back to once signed in: only ever one of this site's. */
import { describe, expect, it } from 'vitest';
import { localPath } from './back-path.ts';

describe('a page to come back to (localPath)', () => {
  it('is a path of this site, with its query', () => {
    expect(localPath('/admin/blog?edit=12')).toBe('/admin/blog?edit=12');
    expect(localPath('/generate-images')).toBe('/generate-images');
  });

  it('is written as a redirect takes it: dot segments resolved, other characters percent-encoded', () => {
    expect(localPath('/blog/./a/../café?q=é')).toBe('/blog/caf%C3%A9?q=%C3%A9');
  });

  it('is never another site, a scheme, a blank or an overlong address', () => {
    for (const value of [
      '//evil.example/admin',
      '/\\evil.example',
      // Paths that a browser (or a redirect built with URL) resolves to another site's address.
      '/.//evil.example',
      '/a/..//evil.example',
      '/%2e//evil.example',
      '/./\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'admin/blog',
      '/admin blog',
      '/admin\tblog',
      '/admin/blog#compose',
      `/${'a'.repeat(500)}`,
      '',
      null,
      undefined,
    ]) {
      expect(localPath(value), String(value)).toBeNull();
    }
  });
});
