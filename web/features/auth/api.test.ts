/** The 'Continue with GitHub' link: it names the page to come back to, when that is one of this site's. */
import { describe, expect, it } from 'vitest';
import { githubSignInPath } from './api.ts';

describe('the GitHub sign-in link', () => {
  it('carries the page the visitor came to sign in from', () => {
    expect(githubSignInPath('/blog/a-post?page=2')).toBe('/api/auth/github?back=%2Fblog%2Fa-post%3Fpage%3D2');
  });

  it('is the plain way out without one, or for another site', () => {
    expect(githubSignInPath(null)).toBe('/api/auth/github');
    expect(githubSignInPath('//evil.example')).toBe('/api/auth/github');
    expect(githubSignInPath('/.//evil.example')).toBe('/api/auth/github');
  });
});
