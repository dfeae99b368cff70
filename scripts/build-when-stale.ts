/**
 * `npm start` builds only when the build is not of the sources at hand (issue 66): a restart under
 * a supervisor serves within seconds instead of rebuilding the site every time.
 *
 * The build's inputs (the web app, the server, the shared code, the content, the lock file and the
 * build's configs, and the environment the build reads) are hashed as `npm run build` starts
 * (`prebuild`), and the hash is kept beside the output when the build succeeds (`postbuild`): a
 * source edited while it ran makes the next start build again. `prestart` builds only when the
 * hash of the tree differs or an output is missing.
 *
 *   tsx scripts/build-when-stale.ts            build if stale (prestart)
 *   tsx scripts/build-when-stale.ts --before   hash the sources a build starts from (prebuild)
 *   tsx scripts/build-when-stale.ts --stamp    the build succeeded: keep that hash (postbuild)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders whose files the build reads, test files aside. */
const SOURCE_FOLDERS = ['web', 'server', 'common', 'content'];
/** Single files the build reads. */
const SOURCE_FILES = [
  'package.json',
  'package-lock.json',
  'react-router.config.ts',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/precompress.ts',
  'scripts/critical-css.ts',
];
/** The environment the build reads (vite.config.ts, react-router.config.ts). */
const BUILD_ENVIRONMENT = ['BASE_PATH', 'WEB_BUILD_DIR'];
const TEST_FILE = /\.test\.tsx?$/;

/** Where the build's stamp is kept, beside the server's bundle. */
export const STAMP = join('dist', 'build-inputs.sha256');
/** The hash of the sources a running build started from. */
const PENDING = `${STAMP}.pending`;

/** What the build leaves behind: without one of these it runs again whatever the stamp says. */
const outputs = (env: NodeJS.ProcessEnv) => [
  join('dist', 'server', 'main.js'),
  join(env.WEB_BUILD_DIR ?? 'build', 'client'),
  join(env.WEB_BUILD_DIR ?? 'build', 'server'),
];

function filesUnder(root: string, folder: string): string[] {
  const path = join(root, folder);
  if (!existsSync(path)) return [];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((name) => !TEST_FILE.test(name) && statSync(join(root, name)).isFile());
}

/** The hash of the build's inputs in `root`: every file's path and bytes, in order, and the environment. */
export function inputsHash(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  const files = [...SOURCE_FOLDERS.flatMap((folder) => filesUnder(root, folder)), ...SOURCE_FILES]
    .filter((name) => existsSync(join(root, name)))
    .map((name) => name.split('\\').join('/'))
    .sort();
  for (const name of files) {
    hash.update(`${name}\0`);
    hash.update(readFileSync(join(root, name)));
    hash.update('\0');
  }
  for (const name of BUILD_ENVIRONMENT) hash.update(`${name}=${env[name] ?? ''}\0`);
  return hash.digest('hex');
}

/** Why the build in `root` must run again, or null when it is of the sources at hand. */
export function staleBecause(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const missing = outputs(env).find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  const stamp = join(root, STAMP);
  if (!existsSync(stamp)) return 'no build has been stamped';
  if (readFileSync(stamp, 'utf8').trim() !== inputsHash(root, env))
    return 'the sources changed since the build';
  return null;
}

/** Notes the hash of the sources in `root` as a build starts from them. */
export function beforeBuild(root: string, env: NodeJS.ProcessEnv = process.env) {
  const path = join(root, PENDING);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${inputsHash(root, env)}\n`);
}

/** The build succeeded: it is of the sources it started from (of the sources now, if that is unknown). */
export function stamp(root: string, env: NodeJS.ProcessEnv = process.env) {
  if (!existsSync(join(root, PENDING))) beforeBuild(root, env);
  renameSync(join(root, PENDING), join(root, STAMP));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  if (process.argv.includes('--before')) {
    beforeBuild(root);
  } else if (process.argv.includes('--stamp')) {
    stamp(root);
  } else {
    const reason = staleBecause(root);
    if (reason) {
      console.log(`Building: ${reason}.`);
      const npm = process.env.npm_execpath
        ? [process.execPath, [process.env.npm_execpath, 'run', 'build']]
        : ['npm', ['run', 'build']];
      const run = spawnSync(npm[0] as string, npm[1] as string[], { stdio: 'inherit' });
      if (run.status !== 0) process.exit(run.status ?? 1);
    } else {
      console.log(`The build is of the sources at hand (${STAMP}): starting.`);
    }
  }
}
