import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;

describe("the README's screenshots", () => {
  it('opens with the home page in each theme, each a 1280x900 WebP under 150 KB', async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const opening = readme.slice(0, readme.indexOf('\n## '));
    const images = [...opening.matchAll(/<img src="([^"]+)"[^>]* alt="([^"]+)"/g)].map((match) => match[1]);
    expect(images).toEqual(['docs/screenshots/home-light.webp', 'docs/screenshots/home-dark.webp']);
    for (const image of images) {
      const path = join(root, image as string);
      expect(statSync(path).size, image).toBeLessThan(150 * 1024);
      expect(await sharp(path).metadata(), image).toMatchObject({ format: 'webp', width: 1280, height: 900 });
    }
  });

  it('are the only screenshots the repository keeps', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
    expect(
      files.filter(
        (file) =>
          /screenshot|screen-shot|screen_shot/i.test(file) && /\.(png|jpe?g|webp|gif|avif)$/.test(file),
      ),
    ).toEqual(['docs/screenshots/home-dark.webp', 'docs/screenshots/home-light.webp']);
  });
});
