import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSprite, spritePath } from './icon-sprite.ts';

const sprite = readFileSync(spritePath, 'utf8');

describe('the icon sprite', () => {
  it('is up to date with the icon table (run `npm run icons` after changing it)', async () => {
    expect(sprite).toBe(await buildSprite());
  });

  it('is the only way icons reach the pages: no web file draws Lucide components itself', () => {
    const offenders: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && /from 'lucide-react/.test(readFileSync(path, 'utf8'))) {
          offenders.push(path);
        }
      }
    };
    walk(join(import.meta.dirname, '..', 'web'));
    expect(offenders).toEqual([]);
  });
});
