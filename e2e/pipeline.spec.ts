/** The quote pipeline (issue 21): a request from the home page moves across the board to Won. */
import { expect, expectAccessible, expectToast, ownerEntries, sendQuote, test } from './fixtures.ts';

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

test('a quote request is answered, valued, noted and won on the pipeline board', async ({
  page,
  signInAs,
  allowConsole,
}) => {
  // The reply link opens the mail app; the test browser has none and says so.
  allowConsole(/mailto/);
  const name = `Robin ${unique()}`;
  await sendQuote(page, { name, email: 'robin.pipeline@example.com' });
  await expectToast(page, 'Quote Request Sent');

  await signInAs('admin');
  await page.goto('/admin/blog');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Pipeline' })
    .click();
  await expect(page).toHaveURL(/\/admin\/blog\/pipeline$/);
  await expect(page.getByRole('heading', { name: 'First reply' })).toBeVisible();

  // New, with a reply link that opens the email and records the reply.
  const card = () => page.getByRole('article', { name: `Quote request from ${name}` });
  await expect(
    page.getByRole('list', { name: 'New' }).getByRole('article', { name: `Quote request from ${name}` }),
  ).toBeVisible();
  await expect(card()).toContainText('E-commerce Store');
  const reply = card().getByRole('link', { name: 'Reply and mark replied' });
  await expect(reply).toHaveAttribute(
    'href',
    `mailto:robin.pipeline@example.com?subject=${encodeURIComponent('Re: your e-commerce store quote request')}`,
  );
  await reply.click();
  await expectToast(page, 'Moved to Replied');
  await expect(
    page.getByRole('list', { name: 'Replied' }).getByRole('article', { name: `Quote request from ${name}` }),
  ).toBeVisible();
  await expect(card()).toContainText('First reply');
  await expect(card().getByRole('link', { name: 'Reply and mark replied' })).toHaveCount(0);

  // A value: a typo is refused with its reason, a number is kept.
  await card().getByText('Value, notes and history').click();
  const value = card().getByRole('form', { name: `Value of the request from ${name}` });
  await value.getByLabel('Value (US dollars)').fill('about 4k');
  await value.getByRole('button', { name: 'Save' }).click();
  await expect(value.getByText('Value must be a whole number of dollars')).toBeVisible();
  await value.getByLabel('Value (US dollars)').fill('4,500');
  await value.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Value saved');
  await expect(card()).toContainText('$4,500');

  // A dated note joins the history after the move.
  const history = card().getByRole('list', { name: `History of the request from ${name}` });
  await expect(history).toContainText('Moved to Replied');
  await card().getByRole('button', { name: 'Add note' }).click();
  await expect(card().getByText('Note is required')).toBeVisible();
  await card().getByLabel('Note', { exact: true }).fill('Called back: wants pickup slots on the shop page.');
  await card().getByRole('button', { name: 'Add note' }).click();
  await expectToast(page, 'Note added');
  await expect(history.getByRole('listitem')).toHaveText([
    /^Received /,
    /Moved to Replied$/,
    /Called back: wants pickup slots on the shop page\.$/,
  ]);
  await expectAccessible(page, 'pipeline board with a card open');

  // Won: the card moves with its value, and the stage's total includes it.
  await card().getByLabel(`Stage of the request from ${name}`).selectOption('won');
  await expectToast(page, 'Moved to Won');
  await expect(
    page.getByRole('list', { name: 'Won' }).getByRole('article', { name: `Quote request from ${name}` }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Won and lost quote requests per month' })).toBeVisible();

  // A reload keeps it all: it is stored, not only shown.
  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Won' }).getByRole('article', { name: `Quote request from ${name}` }),
  ).toContainText('$4,500');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the stages stack, each card fits the screen and moves with its Stage select', async ({
    page,
    signInAs,
  }) => {
    const name = `Jo ${unique()}`;
    await sendQuote(page, { name, email: 'jo.pipeline@example.com' });
    await expectToast(page, 'Quote Request Sent');
    await signInAs('admin');
    await page.goto('/admin/blog/pipeline');
    const card = page.getByRole('article', { name: `Quote request from ${name}` });
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    // No sideways scrolling of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.getByLabel(`Stage of the request from ${name}`).selectOption('proposal');
    await expectToast(page, 'Moved to Proposal sent');
    await expect(
      page
        .getByRole('list', { name: 'Proposal sent' })
        .getByRole('article', { name: `Quote request from ${name}` }),
    ).toBeVisible();
    await expectAccessible(page, 'pipeline on a phone');
  });
});

test('with email not set up, every dashboard page says so, and the outbox lists what waits', async ({
  page,
  signInAs,
}) => {
  const name = `Avery ${unique()}`;
  await sendQuote(page, { name, email: 'avery.outbox@example.com' });
  await expectToast(page, 'Quote Request Sent');
  await signInAs('admin');
  for (const path of ['/admin/blog', '/admin/blog/pipeline']) {
    await page.goto(path);
    const notice = page.getByRole('complementary', { name: 'Email is not set up' });
    await expect(notice).toContainText('nobody is emailed, you included');
    await expect(notice).toContainText('SMTP_URL');
  }
  await page
    .getByRole('complementary', { name: 'Email is not set up' })
    .getByRole('link', { name: 'Open the outbox' })
    .click();
  await expect(page).toHaveURL(/\/admin\/blog\/outbox$/);
  // The notice stays, without a link to the page it is on.
  const onOutbox = page.getByRole('complementary', { name: 'Email is not set up' });
  await expect(onOutbox).toContainText('SMTP_URL');
  await expect(onOutbox.getByRole('link')).toHaveCount(0);
  const message = page.getByRole('article', { name: `New quote request from ${name}` });
  await expect(message).toContainText('Waiting');
  await expect(message).toContainText('to you');
  await message.getByText('Message', { exact: true }).click();
  await expect(message).toContainText('Email: avery.outbox@example.com');
  // Only failed messages: this one waits, so it is not listed.
  await page.getByLabel('Show', { exact: true }).selectOption('failed');
  await expect(page).toHaveURL(/status=failed/);
  await expect(page.getByRole('article', { name: `New quote request from ${name}` })).toHaveCount(0);
  await expectAccessible(page, 'outbox');
});

test('a visit that arrives from a newsletter link and reads a post is credited on its request', async ({
  page,
  signInAs,
}) => {
  await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-tune-up', {
    referer: 'http://news.example.com/issue-12',
  });
  await page.goto('/blog');
  await page
    .getByRole('link', { name: 'Transponder Keys Explained: What Programming Really Means' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/blog\/transponder-keys-explained$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Transponder Keys Explained: What Programming Really Means',
  );

  const name = `Casey ${unique()}`;
  await sendQuote(page, { name, email: 'casey.source@example.com' });
  await expectToast(page, 'Quote Request Sent');

  await signInAs('admin');
  await page.goto('/admin/blog/pipeline');
  await expect(page.getByRole('article', { name: `Quote request from ${name}` })).toContainText(
    'Came from newsletter / email (fall-tune-up), landed on /?utm_source=newsletter&utm_medium=email&utm_campaign=fall-tune-up, read /blog/transponder-keys-explained',
  );
  const bySource = page.getByRole('table', { name: 'Quote requests by source' });
  await expect(bySource.getByRole('row', { name: /^newsletter \d+/ })).toBeVisible();
  const byPost = page.getByRole('table', { name: 'Quote requests by the post or project read last' });
  await expect(byPost.getByRole('link', { name: '/blog/transponder-keys-explained' })).toBeVisible();
});

test.describe('where a visit came from, whatever the visitor does (issue 44)', () => {
  const landing = '/?utm_source=flyer&utm_campaign=shop-window';
  const credit = `landed on ${landing}, read /projects/keycode-help`;

  test('a visitor who never moves before going on is credited to where they landed', async ({
    page,
    admin,
  }) => {
    // No input at all on the landing page: the address bar takes the visitor on, twice.
    await page.goto(landing, { referer: 'https://search.example.org/q?shop' });
    await page.goto('/projects/keycode-help');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const email = `still.${unique()}@example.com`;
    await sendQuote(page, { name: `Still ${unique()}`, email });
    await expectToast(page, 'Quote Request Sent');
    const [stored] = await ownerEntries(admin, '/api/admin/quotes?pageSize=100', 'email', email);
    expect(stored?.leadSource).toEqual({
      landingPage: landing,
      utmSource: 'flyer',
      utmCampaign: 'shop-window',
      referrer: 'search.example.org',
      lastRead: '/projects/keycode-help',
      // The visit's posts and projects read, and when it began (issue 48, point 4).
      reads: ['/projects/keycode-help'],
      startedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a visitor without JavaScript is credited to where they landed and what they read last', async ({
      page,
      admin,
      signInAs,
    }) => {
      await page.goto(landing);
      await page.getByRole('link', { name: 'View All Posts' }).click();
      await expect(page).toHaveURL(/\/blog$/);
      await page.goto('/projects/keycode-help');
      const name = `Plain ${unique()}`;
      const email = `plain.${unique()}@example.com`;
      await sendQuote(page, { name, email });
      await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
      const [stored] = await ownerEntries(admin, '/api/admin/quotes?pageSize=100', 'email', email);
      expect(stored?.leadSource).toEqual({
        landingPage: landing,
        utmSource: 'flyer',
        utmCampaign: 'shop-window',
        lastRead: '/projects/keycode-help',
        reads: ['/projects/keycode-help'],
        startedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });

      await signInAs('admin');
      await page.goto('/admin/blog/pipeline');
      await expect(page.getByRole('article', { name: `Quote request from ${name}` })).toContainText(credit);
    });
  });
});
