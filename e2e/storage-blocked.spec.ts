/**
 * Browser storage blocked, as in a private window with strict settings or in a
 * third-party frame (the site shown in a project's demo frame): reading
 * `localStorage` or `sessionStorage` throws a SecurityError. The site still
 * works: no console error, the defaults apply (theme from the system, Immersive
 * view), and the theme and view switches still act for the page.
 */
import { expect, test } from './fixtures.ts';

// Nothing stored first, as for a visitor whose storage is blocked.
test.use({ viewMode: 'unset' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    for (const area of ['localStorage', 'sessionStorage'] as const) {
      Object.defineProperty(window, area, {
        configurable: true,
        get() {
          throw new DOMException(
            `Failed to read the '${area}' property from 'Window': Access is denied for this document.`,
            'SecurityError',
          );
        },
      });
    }
  });
});

for (const scheme of ['dark', 'light'] as const) {
  test(`with storage blocked the ${scheme} system theme applies, and the switches work for the page`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    const html = page.locator('html');
    if (scheme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
    else await expect(html).not.toHaveClass(/\bdark\b/);
    // Immersive is the default view.
    const views = page.getByRole('group', { name: 'View mode' }).first();
    await expect(views.getByRole('button', { name: 'Immersive' })).toHaveAttribute('aria-pressed', 'true');

    const other = scheme === 'dark' ? 'light' : 'dark';
    await page
      .getByRole('button', { name: `Switch to ${other} theme` })
      .first()
      .click();
    if (other === 'dark') await expect(html).toHaveClass(/\bdark\b/);
    else await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: `Switch to ${scheme} theme` }).first()).toBeVisible();

    await views.getByRole('button', { name: 'Standard' }).click();
    await expect(views.getByRole('button', { name: 'Standard' })).toHaveAttribute('aria-pressed', 'true');
  });
}

test('with storage blocked every kind of page renders and hydrates without a console error', async ({
  page,
}) => {
  for (const path of [
    '/',
    '/blog',
    '/projects/portfolio-website',
    '/resume',
    '/recommendations',
    '/contribute',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // A client-side navigation as well as full loads.
  await page.getByRole('link', { name: 'Blog' }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
});
