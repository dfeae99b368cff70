import { afterEach, describe, expect, it, vi } from 'vitest';
import { required } from './required.ts';

describe('a service the tests need (issue 63)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('runs the tests when it is there, anywhere', () => {
    vi.stubEnv('CI', 'true');
    expect(required('Redis', 'redis://127.0.0.1:6379')).toBe(true);
    vi.stubEnv('CI', '');
    expect(required('nginx', true)).toBe(true);
  });

  it('skips them on a machine without it, and fails CI instead of skipping', () => {
    vi.stubEnv('CI', '');
    expect(required('Redis', undefined)).toBe(false);
    vi.stubEnv('CI', 'true');
    expect(() => required('Redis', undefined)).toThrow('Redis is needed by these tests and is missing');
    expect(() => required('PostgreSQL', false)).toThrow(/PostgreSQL is needed/);
  });
});
