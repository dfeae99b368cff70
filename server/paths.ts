import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root: the nearest folder above this file holding package.json.
 * Works the same from the TypeScript sources and from the bundled dist/ build.
 */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (no package.json above the server)');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const migrationsFolder = join(projectRoot, 'server', 'db', 'migrations');
export const contentFolder = join(projectRoot, 'content');
export const contentImagesFolder = join(contentFolder, 'images');
export const shareImageFontsFolder = join(projectRoot, 'server', 'assets', 'og-fonts');
