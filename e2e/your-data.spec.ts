/**
 * Your data (issue 22): the owner backs the site up from the dashboard and downloads the file,
 * exports the posts, and imports a zip of Markdown posts after previewing what it would do.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { expect, expectAccessible, expectToast, test } from './fixtures.ts';

const BACKUP_NAME = /portfolio-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.gz/;

test('the owner backs up, downloads the backup, exports the posts and imports a Markdown zip', async ({
  page,
  signInAs,
}, testInfo) => {
  await signInAs('admin');
  await page.goto('/admin/blog/data');
  await expect(page.getByRole('heading', { name: 'Backups', level: 2 })).toBeVisible();

  // The newest backup so far, if the daily one has been written: once the toast is up, the list is
  // fetched again and the new backup takes the top row from it. Clicked before then, the download
  // link could move from under the pointer.
  const list = page.getByRole('list', { name: 'Backups' });
  await expect(list.or(page.getByText('No backups yet.'))).toBeVisible();
  const backups = list.getByRole('listitem');
  const newestBefore = (await list.isVisible())
    ? BACKUP_NAME.exec((await backups.first().textContent()) ?? '')?.[0]
    : undefined;
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expectToast(page, 'Backup written');
  await expect(backups.first()).toContainText(BACKUP_NAME);
  if (newestBefore) await expect(backups.first()).not.toContainText(newestBefore);
  const backupDownload = page.waitForEvent('download');
  await backups
    .first()
    .getByRole('link', { name: /^Download the backup of / })
    .click();
  const backup = await backupDownload;
  expect(backup.suggestedFilename()).toMatch(/^portfolio-backup-.*\.gz$/);
  const header = JSON.parse(
    gunzipSync(readFileSync(await backup.path()))
      .toString('utf8')
      .split('\n')[0] ?? '',
  );
  expect(header).toMatchObject({ format: 'portfolio-backup', version: 1 });

  const exportDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export every post (zip)' }).click();
  const exported = unzipSync(new Uint8Array(readFileSync(await (await exportDownload).path())));
  expect(Object.keys(exported)).toContain('posts/transponder-keys-explained.md');

  // A post from another blog, in Hugo's front matter, one too short to publish (a draft) and a
  // file that is no post.
  const slug = `hugo-import-${testInfo.workerIndex}-${Date.now().toString(36)}`;
  const zip = zipSync({
    [`content/posts/${slug}.md`]: strToU8(
      `---\ntitle: Brought over from Hugo\ndate: 2023-05-04\ntags: [hugo, imports]\nsummary: A post that used to live on a Hugo site.\n---\n\nThis text came over from a Hugo site with its front matter, and it reads the same here.\n`,
    ),
    [`content/posts/${slug}-short.md`]: strToU8(
      '---\ntitle: Too short to be a post\nsummary: Only a line.\n---\n\nHi.\n',
    ),
    'content/posts/notes.md': strToU8('Just notes, no front matter.\n'),
  });
  const form = page.getByRole('form', { name: 'Import posts' });
  await form.getByLabel('Zip of Markdown posts').setInputFiles({
    name: 'posts.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  });
  await form.getByRole('button', { name: 'Preview import' }).click();
  await expect(
    page.getByText('Nothing is written yet. Each file and what importing it would do:'),
  ).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: `${slug}.md` })).toContainText('New');
  await expect(rows.filter({ hasText: `${slug}-short.md` })).toContainText(
    'imported as a draft: its body is shorter than the 50 characters a published post needs',
  );
  await expect(rows.filter({ hasText: 'notes.md' })).toContainText('no front matter (--- at the top)');
  await expectAccessible(page, 'your data with an import preview');

  await page.getByRole('button', { name: 'Import 2 posts' }).click();
  await expectToast(page, 'Posts imported', '2 created, 0 updated, 1 skipped.');
  await expect(page.getByText('Imported. Each file and what happened to it:')).toBeVisible();

  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { name: 'Brought over from Hugo', level: 1 })).toBeVisible();
});

test('the owner imports a folder of Jekyll posts with their image, leaving the rest of the site behind', async ({
  page,
  signInAs,
}, testInfo) => {
  // A Jekyll site as it sits on disk: posts, an image beside them, its config and its git folder.
  const slug = `jekyll-folder-${testInfo.workerIndex}-${Date.now().toString(36)}`;
  const site = join(mkdtempSync(join(tmpdir(), 'jekyll-')), 'my-jekyll-site');
  mkdirSync(join(site, '_posts'), { recursive: true });
  mkdirSync(join(site, 'assets'), { recursive: true });
  mkdirSync(join(site, '.git'), { recursive: true });
  writeFileSync(
    join(site, '_posts', `2024-02-03-${slug}.md`),
    `---\nlayout: post\ntitle: Carried over from Jekyll\ntags: jekyll moving\nimage: /assets/key.png\n---\n\nThis post lived in a Jekyll folder with its picture, and came over with both of them.\n`,
  );
  copyFileSync('web/public/logo-60.png', join(site, 'assets', 'key.png'));
  writeFileSync(join(site, '_config.yml'), 'title: My Jekyll site\n');
  writeFileSync(join(site, '.git', 'notes.md'), `---\ntitle: Not a post\n---\n\n${'x'.repeat(80)}\n`);

  await signInAs('admin');
  await page.goto('/admin/blog/data');
  const form = page.getByRole('form', { name: 'Import posts' });
  await form.getByLabel('Or a folder of Markdown posts').setInputFiles(site);
  await expect(
    form.getByText('my-jekyll-site: 1 post and 1 image to read; other files stay behind.'),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Preview import' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: `${slug}.md` })).toContainText('New');
  await expect(rows.filter({ hasText: 'notes.md' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Import 1 post' }).click();
  await expectToast(page, 'Posts imported', '1 created, 0 updated, 0 skipped.');
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { name: 'Carried over from Jekyll', level: 1 })).toBeVisible();
  // The cover came along (the 60 px picture from the folder, not one drawn for the post), served
  // by the site. It is decorative (no alt), so it is found by its address.
  const cover = page.getByRole('article').locator('img[src^="/uploads/"]').first();
  await expect(cover).toHaveJSProperty('complete', true);
  const served = await page.request.get(await cover.evaluate((image: HTMLImageElement) => image.currentSrc));
  expect(served.ok()).toBe(true);
  expect((await sharp(await served.body()).metadata()).width).toBe(60);
});
