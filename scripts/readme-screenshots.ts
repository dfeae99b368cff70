/**
 * Takes the README's two screenshots: the home page at 1280x900 in the light and the dark theme,
 * in Standard view, as WebP under 150 KB each (docs/screenshots/). Start the site first
 * (`npm start`), then: `npx tsx scripts/readme-screenshots.ts [http://localhost:3000]`.
 * These are the only screenshots the repository keeps.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { STORAGE_KEYS } from '../common/constants.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/constants.ts';

const base = process.argv[2] ?? 'http://localhost:3000';
const folder = join(import.meta.dirname, '..', 'docs', 'screenshots');
const MAX_BYTES = 150 * 1024;
mkdirSync(folder, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
    // Scripts here type-check without the DOM library: what runs in the page is given as text.
    await context.addInitScript(`localStorage.setItem(${JSON.stringify(STORAGE_KEYS.immersive)}, 'false')`);
    const page = await context.newPage();
    await page.goto(base, { waitUntil: 'networkidle' });
    await page.evaluate('document.fonts.ready');
    // The typing line has finished typing its first phrase.
    await page.waitForFunction(`document.querySelector('h1 + p + p')?.textContent?.trim().endsWith('.')`);
    const png = await page.screenshot();
    const file = join(folder, `home-${theme}.webp`);
    await sharp(png).webp({ quality: 78, effort: 6 }).toFile(file);
    const size = statSync(file).size;
    if (size > MAX_BYTES) throw new Error(`${file} is ${size} bytes, over ${MAX_BYTES}`);
    console.log(`${file}: ${(size / 1024).toFixed(1)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
}
