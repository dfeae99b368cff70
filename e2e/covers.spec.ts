/**
 * Imported posts read like the old site (issue 46, points 4 and 7): a post that came without a
 * cover gets one drawn in the site's look, shown whole where it matters (the post's 300 px band,
 * the /blog thumbnail, the home page's card) at 390 and 1280 px in both themes; a fence that names
 * its file is highlighted under that name; a gallery of mixed widths has spacing; and a tag keeps the
 * spelling the owner chose when the same files come again.
 */
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { showsTitle } from '../common/cover.ts';
import { expect, test } from './fixtures.ts';

const run = Date.now().toString(36);
const slug = `tailwind-notes-${run}`;
const title = `Tailwind notes from the old blog ${run}`;

const jpeg = async (width: number, height: number, colour: string) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );

test('an imported post without a cover, with a named fence and a gallery: 390 and 1280 px, both themes', async ({
  page,
  admin,
}) => {
  const zip = zipSync({
    [`data/blog/tailwind-notes-${run}.mdx`]: strToU8(`---
title: '${title}'
slug: ${slug}
date: '2024-05-02'
tags: ['tailwind-${run}', 'next-js']
summary: 'How the old blog set up its styles, brought over without a cover.'
---

The configuration the old site used:

\`\`\`js:tailwind.config.js
module.exports = {
  darkMode: 'class',
  content: ['./app/**/*.{js,ts,tsx}'],
}
\`\`\`

<div className="-mx-2 flex flex-wrap overflow-hidden xl:-mx-2">
  <div className="my-1 w-full overflow-hidden px-2 xl:my-1 xl:w-1/2">
    ![Workbench](/static/images/bench.jpg)
  </div>
  <div className="my-1 w-full overflow-hidden px-2 xl:my-1 xl:w-1/2">
    ![Key blank](/static/images/blank.jpg)
  </div>
</div>
`),
    'public/static/images/bench.jpg': await jpeg(960, 540, '#2f4f6f'),
    'public/static/images/blank.jpg': await jpeg(360, 640, '#b5442a'),
  });
  const importZip = () =>
    admin.post('/api/admin/posts/import?dryRun=false', {
      multipart: { file: { name: 'blog.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) } },
    });
  const imported = await importZip();
  expect(imported.status(), await imported.text()).toBe(200);
  expect((await imported.json()).results).toEqual([expect.objectContaining({ slug, action: 'create' })]);
  const post = await (await admin.get(`/api/admin/posts/by-slug/${slug}`)).json();
  // A cover was drawn for it (the old site's post had none).
  expect(post.coverImage).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
  const cover = page.locator(`img[src="${post.coverImage}"]`);
  const frameOf = async () => {
    const box = await cover.first().boundingBox();
    if (!box) throw new Error('the cover has no box');
    return { width: box.width, height: box.height };
  };

  for (const theme of ['light', 'dark'] as const) {
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height });
      await page.goto(`/blog/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('No cover image available')).toHaveCount(0);
      await expect(cover).toBeVisible();
      const band = await frameOf();
      expect(band.height).toBeGreaterThan(290); // the 300 px band inside its border
      expect(showsTitle(band), `the post's band ${JSON.stringify(band)}`).toBe(true);

      // The named fence: highlighted, the file's name its caption (the raw label before).
      const article = page.locator('[data-reading]');
      const fence = article.getByRole('figure', { name: /tailwind\.config\.js/ });
      await expect(fence).toBeVisible();
      await expect(fence).not.toContainText('js:tailwind.config.js');
      await expect(fence.getByRole('button', { name: 'Copy tailwind.config.js' })).toBeVisible();
      // Highlighted: its tokens in three colours or more (text in the block's own colour is bare).
      const colours = await fence
        .locator('code span[style]')
        .evaluateAll((spans) => spans.map((span) => span.getAttribute('style')));
      expect(new Set(colours).size).toBeGreaterThanOrEqual(3);

      // The gallery: both images, side by side or stacked, with space between them, inside the text.
      const gallery = article.getByRole('group', { name: 'Gallery' });
      const bench = await gallery.getByRole('img', { name: 'Workbench' }).boundingBox();
      const blank = await gallery.getByRole('img', { name: 'Key blank' }).boundingBox();
      const text = await article.boundingBox();
      if (!bench || !blank || !text) throw new Error('the gallery has no box');
      const apart = Math.max(blank.x - (bench.x + bench.width), blank.y - (bench.y + bench.height));
      expect(apart, 'space between the images').toBeGreaterThanOrEqual(8);
      for (const image of [bench, blank]) {
        expect(image.width).toBeGreaterThan(100);
        expect(image.x + image.width).toBeLessThanOrEqual(text.x + text.width + 1);
      }

      // The /blog thumbnail: the drawn cover, its title whole.
      await page.goto(`/blog/tag/${encodeURIComponent(`tailwind-${run}`)}`);
      await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
      await expect(cover).toBeVisible();
      const thumbnail = await frameOf();
      expect(showsTitle(thumbnail), `the thumbnail ${JSON.stringify(thumbnail)}`).toBe(true);
    }
  }

  // The owner spells the imported tag their way; the same files again keep it.
  const renamed = await admin.post('/api/admin/tags/rename', {
    data: { from: `tailwind-${run}`, to: `Tailwind ${run}` },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const again = await importZip();
  expect((await again.json()).results).toEqual([
    expect.objectContaining({ slug, action: 'skip', reason: 'unchanged' }),
  ]);
  await page.goto(`/blog/${slug}`);
  await expect(
    page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: `Tailwind ${run}` }),
  ).toBeVisible();
});
