/** The page a visitor comes back to once signed in: only ever one of this site's. */
import { describe, expect, it } from 'vitest';
import { localPath, signInPath } from './paths.ts';

describe('a page to come back to (localPath)', () => {
  it('is a path of this site, with its query', () => {
    expect(localPath('/admin/blog?edit=12')).toBe('/admin/blog?edit=12');
    expect(localPath('/generate-images')).toBe('/generate-images');
  });

  it('is never another site, a scheme, a blank or an overlong address', () => {
    for (const value of [
      '//evil.example/admin',
      '/\\evil.example',
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

describe('the sign-in page coming back (signInPath)', () => {
  it('names the page, with its query, and the tab', () => {
    expect(signInPath('/admin/blog?edit=12')).toBe('/auth?back=%2Fadmin%2Fblog%3Fedit%3D12');
    expect(signInPath('/generate-images', 'register')).toBe('/auth?tab=register&back=%2Fgenerate-images');
  });

  it('is the plain sign-in page for home, itself, or an address that is not this site’s', () => {
    expect(signInPath('/')).toBe('/auth');
    expect(signInPath('/auth?tab=register')).toBe('/auth');
    expect(signInPath('/authors')).toBe('/auth?back=%2Fauthors');
    expect(signInPath(null, 'register')).toBe('/auth?tab=register');
    expect(signInPath('//evil.example')).toBe('/auth');
  });
});
