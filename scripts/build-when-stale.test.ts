import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { beforeBuild, staleBecause, stamp } from './build-when-stale.ts';

const SCRIPT = join(import.meta.dirname, 'build-when-stale.ts');

describe('npm start builds only when the build is not of the sources at hand', () => {
  let root: string;
  const write = (name: string, text: string) => {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  };
  const built = () => {
    write('dist/server/main.js', 'server');
    write('build/client/index.js', 'client');
    write('build/server/index.js', 'ssr');
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'build-when-stale-'));
    write('package.json', '{"name":"site"}');
    write('package-lock.json', '{}');
    write('web/root.tsx', 'export default 1;');
    write('server/main.ts', 'start();');
    write('common/schemas/post.ts', 'export const title = 1;');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when an output is missing or no build was stamped', () => {
    expect(staleBecause(root, {})).toBe('dist/server/main.js is missing');
    built();
    expect(staleBecause(root, {})).toBe('no build has been stamped');
    stamp(root, {});
    expect(staleBecause(root, {})).toBeNull();
    rmSync(join(root, 'build', 'client'), { recursive: true });
    expect(staleBecause(root, {})).toBe('build/client is missing');
  });

  it('builds again when a source, the lock file or the build environment changes, not for a test', () => {
    built();
    stamp(root, {});
    write('server/main.test.ts', 'it();');
    write('docs/notes.md', 'words');
    expect(staleBecause(root, {})).toBeNull();
    write('web/root.tsx', 'export default 2;');
    expect(staleBecause(root, {})).toBe('the sources changed since the build');
    stamp(root, {});
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(staleBecause(root, {})).toBe('the sources changed since the build');
    stamp(root, {});
    write('common/schemas/new.ts', 'export {};');
    expect(staleBecause(root, {})).toBe('the sources changed since the build');
    stamp(root, {});
    expect(staleBecause(root, { BASE_PATH: '/portfolio/' })).toBe('the sources changed since the build');
  });

  it('a source edited while the build ran makes the next start build again', () => {
    beforeBuild(root, {});
    write('web/root.tsx', 'export default 3;');
    built();
    stamp(root, {});
    expect(staleBecause(root, {})).toBe('the sources changed since the build');
  });

  it('starts at once on a current build, without building', () => {
    built();
    stamp(root, {});
    const run = spawnSync(process.execPath, [SCRIPT], { cwd: root, encoding: 'utf8', env: { PATH: '' } });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('The build is of the sources at hand');
  });

  it('--stamp, run after a build, marks it current', () => {
    built();
    const run = spawnSync(process.execPath, [SCRIPT, '--stamp'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: '' },
    });
    expect(run.status).toBe(0);
    expect(staleBecause(root, {})).toBeNull();
  });
});
