/**
 * A clean install (issue 46, point 9): what `npm install` puts in place is what package.json and
 * the lock file ask for, the framework's packages are one version, and the `engines` field names a
 * Node.js that every dependency accepts.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { PINNED, tooOld } from './scripts/node-runtime.mjs';

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

describe('the Node the scripts run on (issue 47)', () => {
  it('is a supported one: 22.12 or newer (the pinned 24 LTS on an older machine)', () => {
    // npm's scripts (npm test, npm start) put node_modules/.bin first, where the install links the
    // pinned Node when the machine's is older; Vitest runs this file with that Node.
    expect(tooOld(process.version), process.version).toBe(false);
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
  });

  it('pins Node 24 LTS per platform, with the integrity npm checks, and installs it after every install', () => {
    expect((manifest as unknown as { scripts: Record<string, string> }).scripts.postinstall).toBe(
      'node scripts/node-runtime.mjs',
    );
    for (const [platform, pinned] of Object.entries(PINNED)) {
      expect(pinned.name).toBe(`node-${platform}`);
      expect(semver.major(pinned.version), platform).toBe(24);
      expect(pinned.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    }
    expect(tooOld('v20.19.5')).toBe(true);
    expect(tooOld('22.11.0')).toBe(true);
    expect(tooOld('v22.12.0')).toBe(false);
    expect(tooOld('v24.21.0')).toBe(false);
  });

  it('is linked as node_modules/.bin/node when the machine’s own is new enough, where the service starts it', () => {
    // The install in a folder of its own, run by this (supported) Node as npm would run it.
    const folder = mkdtempSync(join(tmpdir(), 'portfolio-node-runtime-'));
    mkdirSync(join(folder, 'scripts'));
    mkdirSync(join(folder, 'node_modules'));
    copyFileSync(join(root, 'scripts', 'node-runtime.mjs'), join(folder, 'scripts', 'node-runtime.mjs'));
    const env: NodeJS.ProcessEnv = { ...process.env, npm_node_execpath: process.execPath };
    delete env.NODE_RUNTIME;
    execFileSync(process.execPath, [join(folder, 'scripts', 'node-runtime.mjs')], { env });
    const shim = join(folder, 'node_modules', '.bin', 'node');
    expect(realpathSync(shim)).toBe(realpathSync(process.execPath));
    expect(execFileSync(shim, ['--version'], { encoding: 'utf8' }).trim()).toBe(process.version);
    // Again: the link is replaced, not doubled.
    execFileSync(process.execPath, [join(folder, 'scripts', 'node-runtime.mjs')], { env });
    expect(realpathSync(shim)).toBe(realpathSync(process.execPath));
  });
});
