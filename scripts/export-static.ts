/**
 * Exports the site to plain files for a static host (see README, "Static copy"):
 *
 *   npm run export:static [-- --out DIR --base-url URL]
 *
 * Reads the current database (DATA_DIR or DATABASE_URL, as the server does; stop a server that
 * uses the same DATA_DIR first) and the production build, which `npm run export:static` makes.
 * --base-url is the address the copy will be published at (canonical links, sitemap). When it has a
 * path (https://user.github.io/site/), the web app is built again for that sub-path (Vite's base and
 * React Router's basename, into build-subpath/), and the copy works there.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { databaseTarget, openDatabase } from '../server/db/client.ts';
import { seedDatabase } from '../server/db/seed.ts';
import { basePathOf, exportStaticSite } from '../server/modules/seo/static-export.ts';
import { contentImagesFolder } from '../server/paths.ts';
import { webBuildFolder } from '../server/plugins/web.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'static-site' },
    'base-url': { type: 'string' },
  },
});

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  ...(values['base-url'] ? { PUBLIC_URL: values['base-url'] } : {}),
});
const basePath = basePathOf(values['base-url']);
let buildFolder = webBuildFolder;
if (basePath !== '/') {
  buildFolder = resolve('build-subpath');
  console.log(`building the web app for ${basePath} ...`);
  const built = spawnSync('npx', ['react-router', 'build'], {
    env: { ...process.env, BASE_PATH: basePath, WEB_BUILD_DIR: buildFolder },
    encoding: 'utf8',
  });
  if (built.status !== 0) {
    process.stderr.write(`${built.stdout}${built.stderr}`);
    throw new Error(`the web build for ${basePath} failed (${built.status})`);
  }
}

const database = await openDatabase(databaseTarget(config));
// A database the server never opened gets the owner's content first, as at server start.
await seedDatabase(database.db);
const app = await buildApp({ config, database, web: { mode: 'build', staticCopy: true, buildFolder } });
await app.ready();
try {
  const outDir = resolve(values.out);
  const started = performance.now();
  const result = await exportStaticSite(app, {
    outDir,
    clientBuildFolder: join(buildFolder, 'client'),
    basePath,
    imagesFolder: contentImagesFolder,
    uploadsFolder: config.UPLOAD_DIR ?? join(config.DATA_DIR, 'uploads'),
  });
  console.log(
    `exported ${result.pages.length} pages and ${result.apiFiles.length} API files to ${outDir} in ${Math.round(performance.now() - started)} ms`,
  );
} finally {
  await app.close();
  await database.close();
}
