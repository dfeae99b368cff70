/**
 * Moving in (issue 34): a post from an MDX blog, imported, reads as it did on the old site on a
 * phone and a laptop, in both themes: section headings, math typeset with KaTeX's own fonts, the
 * gallery's images, a note, footnotes that link both ways, a table that scrolls inside its own
 * region, long code that scrolls, nothing wider than the screen; and its old address leads to it.
 */
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { expect, expectAccessible, test } from './fixtures.ts';

const run = Date.now().toString(36);
const slug = `moving-in-${run}`;
const oldPath = `/2024/03/01/moving-in-${run}.html`;

const jpeg = async (colour: string) =>
  new Uint8Array(
    await sharp({ create: { width: 640, height: 420, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );

test('an imported MDX post reads as it did: at 390 and 1280 px, light and dark', async ({
  page,
  admin,
  signInAs,
}) => {
  const zip = zipSync({
    [`_posts/2024-03-01-moving-in-${run}.mdx`]: strToU8(`---
title: 'Moving in with MDX, math and a gallery'
slug: ${slug}
date: '2024-03-01'
tags: ['next-js', 'math']
summary: 'A post from an MDX blog, imported with its gallery and its math.'
images: ['/static/images/cover.jpg']
---

import TOCInline from 'pliny/ui/TOCInline'

# Introduction

<TOCInline toc={props.toc} />

Ordinary least squares has a closed form,[^ols] written inline as $\\hat\\beta = (X^TX)^{-1}X^Ty$ or on its own:

$$
\\hat{\\beta} = \\underset{\\beta}{\\operatorname{arg\\,min}} \\sum_{i=1}^{n} (y_i - x_i^T\\beta)^2
$$

## Gallery

<div className="flex flex-wrap">
  ![Maple](/static/images/maple.jpg)
  ![Lake](/static/images/lake.jpg)
</div>

<Callout type="warning">Take the metal key out before prying the case open.</Callout>

## Reference

| Make | Chip | Programming | Notes for the roadside, which can run long on a small screen |
| --- | --- | --- | --- |
| Toyota | 4D-67 | OBD, 16 min wait | Needs the master key or a PIN code from the dealer or a pro tool |

\`\`\`bash
curl -fsSL https://keys.example.com/a/very/long/path/that/keeps/going/past/the/edge/of/a/phone/screen.sh | bash
\`\`\`

[^ols]: Under the usual assumptions: X has full column rank.
`),
    'public/static/images/cover.jpg': await jpeg('#2f4f6f'),
    'public/static/images/maple.jpg': await jpeg('#b5442a'),
    'public/static/images/lake.jpg': await jpeg('#2a8ab5'),
  });
  const imported = await admin.post('/api/admin/posts/import?dryRun=false', {
    multipart: { file: { name: 'blog.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect((await imported.json()).results).toEqual([
    expect.objectContaining({ slug, action: 'create', reason: 'new post' }),
  ]);

  // Its old address leads to it, permanently.
  const moved = await page.request.get(oldPath, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/blog/${slug}`);

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height: 900 });
      await page.goto(oldPath);
      await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
      const article = page.locator('[data-reading]');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Moving in with MDX, math and a gallery',
      );
      // The body's # is a section heading: one h1 on the page.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(article.getByRole('heading', { level: 2, name: /Introduction/ })).toBeVisible();
      // One contents list at any width (two showed at 1280 px): the post's own where its writer put
      // it on a narrow screen, the page's side list on a wide one.
      const lists = page.getByRole('navigation', { name: /contents/i });
      await expect(lists).toHaveCount(1);
      await expect(lists).toHaveAccessibleName(width < 1024 ? 'Contents of this post' : 'Table of contents');
      // Nor the page's folded list above the post, on a narrow screen.
      await expect(page.getByRole('group').filter({ hasText: 'On this page' })).toHaveCount(0);
      // Math, with KaTeX's stylesheet and fonts (loaded on this page only).
      const math = article.locator('.katex-display .katex-html').first();
      await expect(math).toBeVisible();
      expect(
        await math
          .locator('.mord')
          .first()
          .evaluate((node) => getComputedStyle(node).fontFamily),
      ).toMatch(/KaTeX/);
      await expect(article).not.toContainText('$$');
      // The gallery's images, with their alt text.
      for (const name of ['Maple', 'Lake']) await expect(article.getByRole('img', { name })).toBeVisible();
      await expect(article).not.toContainText('![');
      await expect(article).not.toContainText('<TOCInline');
      await expect(page.getByRole('note', { name: 'Warning' })).toContainText('Take the metal key out');
      // Nothing is wider than the screen; the table and the code scroll inside themselves.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const table = page.getByRole('region', { name: 'Table 1' });
      if (width === 390) {
        expect(await table.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
      }
      // The footnote's reference leads to the note, and the note back.
      await article.locator('[data-footnote-ref]').click();
      await expect(page).toHaveURL(/#user-content-fn-ols$/);
      await expect(article.locator('#user-content-fn-ols')).toBeInViewport();
      await article.getByRole('link', { name: 'Back to reference 1' }).click();
      await expect(page).toHaveURL(/#user-content-fnref-ols$/);
    }
  }
  await expectAccessible(page);

  // The editor's preview typesets the math too, with KaTeX's stylesheet.
  const { id } = await (await admin.get(`/api/admin/posts/by-slug/${slug}`)).json();
  await signInAs('admin');
  await page.goto(`/admin/blog?edit=${id}`);
  const editor = page.getByRole('form', { name: 'Edit “Moving in with MDX, math and a gallery”' });
  await editor.getByRole('button', { name: 'Preview' }).click();
  const preview = editor.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('.katex-display .katex-html').first()).toBeVisible();
  expect(
    await preview
      .locator('.katex-html .mord')
      .first()
      .evaluate((node) => getComputedStyle(node).fontFamily),
  ).toMatch(/KaTeX/);

  // A page without math does not load KaTeX's stylesheet.
  await page.goto('/blog/one-schema-form-to-database');
  await expect(page.locator('link[rel="stylesheet"][href*="katex"]')).toHaveCount(0);
});
