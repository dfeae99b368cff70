/**
 * 'Book a call' offers only the times that are free now (issue 65): a time a visitor books is gone
 * from the page the next time it is loaded, by them or anybody, with or without JavaScript.
 */
import { choose, expect, test } from './fixtures.ts';

test.use({ javaScriptEnabled: false });

test('a time just booked is no longer offered on the page', async ({ page }) => {
  // A returning visitor's page (their visit is known: nothing about it is set on this answer, so a
  // page cache could keep it for everybody), then their booking of a time on a later day.
  await page.goto('/book-a-call');
  await page.goto('/book-a-call');
  const form = page.getByRole('form', { name: 'Choose a time' });
  await choose(form.getByRole('group', { name: 'Day' }).getByRole('radio').nth(6));
  const time = form.getByRole('group', { name: 'Time' }).getByRole('radio').nth(1);
  const booked = (await time.getAttribute('value')) ?? '';
  expect(booked).not.toBe('');
  await choose(time);
  await form.getByLabel('Name').fill(`Robin ${Date.now().toString(36)}`);
  await form.getByLabel('Email').fill('robin.booking@example.com');
  await form.getByLabel('What would you like to talk about?').fill('A new website for my shop');
  await form.getByRole('button', { name: 'Book the call' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your call is booked' })).toBeVisible();

  // The page again, a moment later: every time on it is free.
  await page.goto('/book-a-call');
  const again = page.getByRole('form', { name: 'Choose a time' });
  await choose(again.getByRole('group', { name: 'Day' }).getByRole('radio').nth(6));
  const values = await again
    .getByRole('group', { name: 'Time' })
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
  expect(values.length).toBeGreaterThan(0);
  expect(values).not.toContain(booked);
});
