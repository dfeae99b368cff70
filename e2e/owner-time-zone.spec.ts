/**
 * An owner whose browser is in another zone than the server (issue 65): every dashboard page
 * hydrates without a mismatch (the server wrote its times in the zone the browser will, so React
 * keeps the page and the dark theme the theme script set), and every time says its zone, with or
 * without JavaScript.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** When the first session listed under Security was signed in, as the page writes it. */
const sessionSignedInAt = (page: Page) =>
  page
    .getByRole('listitem')
    .filter({ hasText: /· signed in / })
    .locator('time')
    .first();

const DASHBOARD = [
  '/admin/blog',
  '/admin/blog/moderation',
  '/admin/blog/inbox',
  '/admin/blog/pipeline',
  '/admin/blog/newsletter',
  '/admin/blog/outbox',
  '/admin/blog/testimonials',
  '/admin/blog/bookings',
  '/admin/blog/resume-requests',
  '/admin/blog/endorsements',
  '/admin/blog/fediverse',
  '/admin/blog/analytics',
  '/admin/blog/data',
  '/admin/blog/security',
];

// Tokyo: neither the server's zone (UTC here, as on most servers) nor the owner's (New York).
test.use({ timezoneId: 'Asia/Tokyo', colorScheme: 'dark', signedIn: 'admin' });

test('every dashboard page keeps its dark theme and writes its times in the browser’s zone', async ({
  page,
}) => {
  for (const path of DASHBOARD) {
    await page.goto(path);
    await expect(page.locator('html'), path).toHaveClass(/\bdark\b/);
    await expect(page.locator('html'), path).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('html'), path).toHaveClass(/\bdark\b/);
  }
  // The first page told the server the browser's zone: the pages since are written in it.
  await page.goto('/admin/blog/security');
  const signedInAt = sessionSignedInAt(page);
  await expect(signedInAt).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M GMT\+9$/);
  // (The fixture's console guard fails the test on React's hydration error, #418, on any page.)
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, timezoneId: 'Asia/Tokyo' });

  test('the times say their zone: the owner’s, as the browser has not named its own', async ({ page }) => {
    await page.goto('/admin/blog/security');
    const signedInAt = sessionSignedInAt(page);
    await expect(signedInAt).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M E[SD]T$/);
  });
});
