/**
 * A clean install (issue 46, point 9): what `npm install` puts in place is what package.json and
 * the lock file ask for, the framework's packages are one version, and the `engines` field names a
 * Node.js that every dependency accepts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
interface Locked {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, Locked>;
};

describe('the install', () => {
  it('has nothing invalid, missing or extraneous (npm ls)', () => {
    // npm ls exits 1 and names each problem on a tree that is not what was asked for.
    const answer = (() => {
      try {
        return {
          code: 0,
          text: execFileSync('npm', ['ls', '--all', '--json'], { cwd: root, encoding: 'utf8' }),
        };
      } catch (error) {
        const failed = error as { status: number; stdout: string };
        return { code: failed.status, text: failed.stdout };
      }
    })();
    const { problems = [] } = JSON.parse(answer.text) as { problems?: string[] };
    expect(problems).toEqual([]);
    expect(answer.code).toBe(0);
  });

  it('pins React Router and its tools to one exact version (ADR 017 reads their output)', () => {
    const all = { ...manifest.dependencies, ...manifest.devDependencies };
    const family = ['react-router', '@react-router/node', '@react-router/dev'].map((name) => all[name]);
    for (const version of family) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(new Set(family).size).toBe(1);
    for (const name of ['react-router', '@react-router/node', '@react-router/dev'])
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(family[0]);
  });

  it('names a Node.js every package that is always installed accepts', () => {
    const ours = manifest.engines.node;
    const refused = Object.entries(lock.packages)
      .filter(([path, locked]) => path !== '' && !locked.optional)
      .map(
        ([path, locked]) => [path, Array.isArray(locked.engines) ? undefined : locked.engines?.node] as const,
      )
      .filter(([, theirs]) => theirs !== undefined && !semver.subset(ours, theirs))
      .map(([path, theirs]) => `${path.replace(/^.*node_modules\//, '')} wants ${theirs}`);
    expect(refused).toEqual([]);
  });
});
