/**
 * What a visitor without JavaScript sees after posting a form on a phone (issue 65): a refusal
 * brings the field it names into view, its message beside it, and the message names the field as
 * the form does; a sent quote lands on its "Thank You!".
 */
import { expect, fillGuestPost, pastTheMinimum, sendQuote, test } from './fixtures.ts';
import { throttleLikeAPhone } from './phone-profile.ts';

test.use({ javaScriptEnabled: false, refusedFormsExpected: true, viewport: { width: 390, height: 844 } });

test('a guest post refused for its empty verification comes back with that field and its message in view', async ({
  page,
}) => {
  await page.goto('/contribute');
  const arrived = Date.now();
  const form = page.getByRole('form', { name: 'Guest post' });
  await fillGuestPost(form, 'Keys on a slow phone');
  await pastTheMinimum(page, arrived);
  await form.getByRole('button', { name: 'Submit for Review' }).click();

  const field = page.getByLabel('CAPTCHA verification', { exact: true });
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  await expect(page.getByText('CAPTCHA verification is required')).toBeInViewport();
  // What was typed is kept.
  await expect(page.getByLabel('Title')).toHaveValue('Keys on a slow phone');
});

test('a quote sent without JavaScript from a slow phone lands on its Thank You', async ({ page }) => {
  await throttleLikeAPhone(page);
  await sendQuote(page, { name: 'Dana Smith', email: `dana.${Date.now().toString(36)}@example.com` });
  await expect(page).toHaveURL(/\?done=quote#done-quote$/);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeInViewport();
});
