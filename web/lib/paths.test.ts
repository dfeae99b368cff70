/** The sign-in page's address, coming back to a page of this site (the rule: common/back-path.test.ts). */
import { describe, expect, it } from 'vitest';
import { signInPath } from './paths.ts';

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
    expect(signInPath('/.//evil.example')).toBe('/auth');
  });
});
