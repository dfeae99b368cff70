/**
 * Without JavaScript nothing on a page is pressed in vain: every visible button sends its form or
 * opens the browser's own popover, and every visible field and choice belongs to a form. What acts
 * only in the browser (the slug's 'Generate', the recommendations' 'Add', the theme switch) is not
 * shown there (`OnlyWithCode`), and what is a link goes somewhere.
 */
import type { Page } from '@playwright/test';
import { expect, test, writePost } from './fixtures.ts';

test.use({ javaScriptEnabled: false });

/**
 * What may stay: a skill's endorsement count is a tooltip's trigger, whose name says the count
 * (the tooltip adds nothing the name does not say); pressing it is not expected to act.
 */
const KNOWN = [/^[\w .&/+-]+: (\d+ people have|1 person has) endorsed this skill$/];

/** The visible controls of the page that do nothing when used without the page's code. */
async function inert(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('button, select, input, textarea, a')) {
      if (!element.checkVisibility()) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ');
      if (element instanceof HTMLAnchorElement) {
        if (!element.getAttribute('href')) out.push(`a link without an address: "${name}"`);
        continue;
      }
      if (element instanceof HTMLButtonElement) {
        if (element.disabled || element.hasAttribute('popovertarget')) continue;
        if (element.type !== 'submit' || !element.form) out.push(`button "${name}"`);
        continue;
      }
      const field = element as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
      if (field.type === 'hidden') continue;
      if (!field.form) out.push(`${element.tagName.toLowerCase()} "${field.name || name}" outside a form`);
    }
    return out;
  });
  return [...new Set(found)].filter(
    (entry) => !KNOWN.some((known) => known.test(entry.replace(/^button "|"$/g, ''))),
  );
}

const VISITOR_PAGES = [
  '/',
  '/blog',
  '/projects/keycode-help',
  '/resume',
  '/recommendations',
  '/book-a-call',
  '/contribute',
  '/newsletter',
  '/privacy',
  '/terms',
  '/auth',
  '/auth?tab=register',
  '/generate-images',
  '/skills/1/endorse',
];

test('a visitor without JavaScript finds no button that does nothing', async ({ page }) => {
  const problems: string[] = [];
  for (const path of VISITOR_PAGES) {
    await page.goto(path);
    for (const problem of await inert(page)) problems.push(`${path}: ${problem}`);
  }
  expect(problems).toEqual([]);
});

test.describe('signed in as the owner', () => {
  test.use({ signedIn: 'admin' });

  test('the owner without JavaScript finds no button that does nothing on any dashboard page', async ({
    page,
    admin,
  }) => {
    const stamp = Date.now().toString(36);
    const post = await writePost(admin, {
      title: `Nothing inert ${stamp}`,
      slug: `nothing-inert-${stamp}`,
      summary: 'A post open in the editor while the walk looks at its buttons.',
      content: 'A body long enough to be a post, well over fifty characters in length.',
      tags: ['Testing'],
    });
    const sections = ['', '/moderation', '/inbox', '/pipeline', '/newsletter', '/outbox', '/testimonials'];
    sections.push('/bookings', '/resume-requests', '/endorsements', '/fediverse', '/analytics', '/data');
    sections.push('/security');
    const pages = [...sections.map((section) => `/admin/blog${section}`), '/admin/blog?new'];
    pages.push(`/admin/blog?edit=${post.id}`, '/blog', '/generate-images');
    const problems: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      for (const problem of await inert(page)) problems.push(`${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
    await admin.delete(`/api/admin/posts/${post.id}`);
  });
});
