/**
 * A first visit in immersive mode, at a phone's and a laptop's size (issue 19): nothing the
 * extras put on screen ever covers a call to action, a form field or the quote form's submit
 * button, at 0.5, 2, 5 and 10 s; and the header follows whichever section fills the screen.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, pausedClock, test } from './fixtures.ts';

const SIZES = [
  { width: 390, height: 844, phone: true },
  { width: 1280, height: 900, phone: false },
] as const;
const MARKS_MS = [500, 2_000, 5_000, 10_000];

/**
 * What is wrong at a control: the element at its centre is something else, or one of the
 * extras (marked data-overlay) lies over it, even one that lets clicks through.
 */
async function coverings(control: Locator): Promise<string[]> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const label = element.getAttribute('name') ?? element.textContent?.trim() ?? element.tagName;
    const problems: string[] = [];
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (
      !hit ||
      !(
        element === hit ||
        element.contains(hit) ||
        hit.contains(element) ||
        element.closest('label')?.contains(hit)
      )
    ) {
      problems.push(
        `${label}: its centre shows ${hit?.tagName ?? 'nothing'} ${hit?.getAttribute('data-overlay') ?? ''}`,
      );
    }
    for (const overlay of document.querySelectorAll('[data-overlay]')) {
      if (getComputedStyle(overlay).visibility !== 'visible') continue;
      const over = overlay.getBoundingClientRect();
      if (over.left < box.right && box.left < over.right && over.top < box.bottom && box.top < over.bottom) {
        problems.push(`${label}: under the ${overlay.getAttribute('data-overlay')}`);
      }
    }
    return problems;
  });
}

/** Lets the page's scroll handlers and the frames they asked for run on the paused clock. */
async function settle(page: Page) {
  await page.clock.runFor(64);
}

/**
 * Scrolls at once to a position and waits for the page's scroll event (the browser sends it with
 * its next real frame; frames the page asks for run on the fake clock, in settle).
 */
async function scrollTo(page: Page, top: number) {
  await page.evaluate(
    (y) =>
      new Promise<void>((resolve) => {
        const target = Math.max(0, Math.min(y, document.documentElement.scrollHeight - window.innerHeight));
        if (Math.round(window.scrollY) === Math.round(target)) return resolve();
        window.addEventListener('scroll', () => resolve(), { once: true });
        window.scrollTo({ top: target, behavior: 'instant' });
      }),
    top,
  );
  await settle(page);
}

/** Scrolls the control to just above the screen's bottom edge, or just below the header. */
async function scrollToEdge(page: Page, locator: Locator, where: 'bottom' | 'top') {
  const top = await locator.evaluate((element, edge) => {
    const box = element.getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    return (
      window.scrollY + (edge === 'bottom' ? box.bottom - (window.innerHeight - 8) : box.top - (header + 8))
    );
  }, where);
  await scrollTo(page, top);
}

for (const { width, height, phone } of SIZES) {
  test.describe(`at ${width}x${height}`, () => {
    test.use({ viewMode: 'unset', viewport: { width, height }, hasTouch: phone, isMobile: phone });

    test('nothing covers a call to action, a field or the submit button in the first 10 s', async ({
      page,
    }) => {
      await pausedClock(page);
      await page.goto('/');
      const extras = page.getByTestId('immersive-extras');
      for (let i = 0; i < 400 && (await extras.count()) === 0; i++) await page.clock.runFor(50);
      await expect(extras).toBeAttached();

      const ctas = [
        page.getByRole('link', { name: 'View My Work' }),
        page.getByRole('link', { name: 'Get In Touch' }),
      ];
      const form = page.getByRole('form', { name: 'Get a Custom Quote' });
      const submit = form.getByRole('button', { name: 'Send Request' });
      const fields = form.locator('input:not([type="hidden"]), select, textarea, button[type="submit"]');

      let elapsed = 0;
      const problems: string[] = [];
      for (const mark of MARKS_MS) {
        await page.clock.runFor(mark - elapsed);
        elapsed = mark;
        await scrollTo(page, 0);
        // The hero's calls to action are on the first screen, even on a phone.
        for (const cta of ctas) {
          await expect(cta).toBeInViewport({ ratio: 1 });
          problems.push(...(await coverings(cta)).map((problem) => `${mark} ms, top: ${problem}`));
        }
        // The quote form with its submit button at the bottom of the screen, then at its top.
        for (const edge of ['bottom', 'top'] as const) {
          await scrollToEdge(page, edge === 'bottom' ? submit : form.getByLabel('Name'), edge);
          for (const field of await fields.all()) {
            if (!(await field.isVisible())) continue;
            const inView = await field.evaluate((element) => {
              const box = element.getBoundingClientRect();
              const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
              return box.top >= header && box.bottom <= window.innerHeight;
            });
            if (inView)
              problems.push(...(await coverings(field)).map((problem) => `${mark} ms, ${edge}: ${problem}`));
          }
          // With the button at the bottom edge (where the dock sits) it must be checked: it is in view.
          if (edge === 'bottom') await expect(submit).toBeInViewport({ ratio: 1 });
        }
      }
      expect(problems).toEqual([]);
    });

    test('each section becomes the active one in the header when it fills the screen', async ({ page }) => {
      await page.goto('/');
      if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: phone ? 'Main (mobile)' : 'Main', exact: true });
      const sections = [
        ['home', 'Home'],
        ['projects', 'Projects'],
        ['about', 'About'],
        ['skills', 'Skills'],
        ['blog', 'Blog'],
        ['contact', 'Contact'],
      ] as const;
      for (const [id, name] of [...sections].reverse()) {
        await page.locator(`#${id}`).evaluate((element) => element.scrollIntoView({ behavior: 'instant' }));
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
          'aria-current',
          'location',
        );
        await expect(nav.locator('[aria-current="location"]')).toHaveCount(1);
      }
      // Reached by the header's own links too (smooth scrolling, however long it takes).
      if (!phone) {
        for (const [, name] of sections.slice(1)) {
          await nav.getByRole('link', { name, exact: true }).click();
          await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
            'aria-current',
            'location',
          );
        }
      }
    });
  });
}
