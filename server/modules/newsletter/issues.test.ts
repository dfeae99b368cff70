/**
 * What the list receives and the owner's view of it: a scheduled post announced once when it goes
 * live (to those who chose every post), the month's roundup (to those who chose monthly), the
 * owner's issue (draft, preview, test, send once), the archive, the counts, CSV out, deleting.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNSAVED_DRAFT } from '../../../common/edit-messages.ts';
import type { NewsletterOverview } from '../../../common/schemas/newsletter.ts';
import {
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  notificationOutbox,
} from '../../db/schema.ts';
import { newsletterTestApp } from '../../testing/mail-kit.ts';
import { samplePostText } from '../../testing/samples.ts';
import { caller } from '../../testing/test-app.ts';
import { manualClockWithTimers } from '../../testing/test-clock.ts';

const HOUR = 3_600_000;
const clock = manualClockWithTimers('2026-11-24T09:00:00Z');
const { t, admin, db } = await newsletterTestApp(clock);
const as = caller(t, admin);

async function reader(
  email: string,
  cadence: 'each' | 'monthly',
  extra: Partial<typeof newsletterSubscribers.$inferInsert> = {},
) {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({
      email,
      emailKey: email,
      cadence,
      source: 'footer',
      mailboxKey: email,
      status: 'confirmed',
      consentAt: clock.now(),
      confirmedAt: clock.now(),
      ...extra,
    })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}
const deliveriesOf = async (id: number) =>
  db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.subscriberId, id));

const every = await reader('every@example.com', 'each');
const monthly = await reader('monthly@example.com', 'monthly');

describe('a new post', () => {
  it('scheduled: is announced once, when it goes live, to those who chose every post', async () => {
    const res = await t.writePost(admin, {
      title: 'Scheduled for the list',
      slug: 'scheduled-for-the-list',
      ...samplePostText,
      isPublished: true,
      publishAt: new Date(clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const postId = (res.json() as { id: number }).id;
    await t.app.newsletter.issues.announceDue();
    expect(await deliveriesOf(every.id)).toEqual([]);

    clock.advance(2 * HOUR + 1000);
    await t.app.publisher.rearm();
    await expect
      .poll(
        async () =>
          (await db.select().from(newsletterIssues).where(eq(newsletterIssues.postId, postId))).length,
      )
      .toBe(1);
    // Looked at again (another event, another process): nothing more.
    await t.app.newsletter.issues.announceDue();
    const issues = await db.select().from(newsletterIssues).where(eq(newsletterIssues.postId, postId));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ kind: 'post', subject: 'Scheduled for the list', recipients: 1 });
    expect(issues[0]?.body).toContain('https://jordan.example/blog/scheduled-for-the-list');
    expect((await deliveriesOf(every.id)).map((d) => d.issueId)).toEqual([issues[0]?.id]);
    expect(await deliveriesOf(monthly.id)).toEqual([]);
  });
});

describe('the monthly roundup', () => {
  it('goes to those who chose monthly in the next month’s first week, once', async () => {
    // Joined after November ended: not in November's roundup.
    const late = await reader('late@example.com', 'monthly', {
      confirmedAt: new Date('2026-12-01T12:00:00Z'),
    });
    clock.set('2026-12-02T14:00:00Z');
    const roundup = await t.app.newsletter.issues.roundupDue();
    expect(roundup).toMatchObject({
      slug: 'roundup-2026-11',
      kind: 'roundup',
      subject: 'November 2026 on the blog',
      recipients: 1,
    });
    expect(roundup?.body).toContain(
      '[Scheduled for the list](https://jordan.example/blog/scheduled-for-the-list)',
    );
    expect((await deliveriesOf(monthly.id)).map((d) => d.issueId)).toEqual([roundup?.id]);
    expect(await deliveriesOf(late.id)).toEqual([]);
    expect(await t.app.newsletter.issues.roundupDue()).toBeNull();
    // After the first week, a missed month is not sent late.
    clock.set('2027-01-09T14:00:00Z');
    expect(await t.app.newsletter.issues.roundupDue()).toBeNull();
  });
});

describe('the owner’s issue', () => {
  it('is a draft until sent once: preview in the email layout, a test to the owner, then everyone', async () => {
    const created = await as('POST', '/api/admin/newsletter/issues', {
      subject: 'Holiday hours',
      body: 'The workshop closes for the holidays from **December 24**.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, slug } = created.json() as { id: number; slug: string };
    expect(slug).toBe('holiday-hours');
    expect((await t.app.inject({ url: `/api/newsletter/issues/${slug}` })).statusCode).toBe(404);

    const edited = await as('PUT', `/api/admin/newsletter/issues/${id}`, {
      subject: 'Holiday hours',
      body: 'The workshop closes for the holidays from **December 23**.',
    });
    expect(edited.statusCode).toBe(200);
    const preview = await as('GET', `/api/admin/newsletter/issues/${id}/preview`);
    expect(preview.headers['content-type']).toContain('text/html');
    expect(preview.headers['content-security-policy']).toContain("default-src 'none'");
    expect(preview.body).toContain('<strong>December 23</strong>');
    expect(preview.body).toContain('name="color-scheme"');

    const test = await as('POST', `/api/admin/newsletter/issues/${id}/test`);
    expect(test.statusCode).toBe(202);
    const [copy] = await db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.subject, '[Test] Holiday hours'));
    expect(copy).toMatchObject({ kind: 'newsletter', recipient: null });
    expect(copy?.html).toContain('December 23');
    expect(await deliveriesOf(every.id)).toHaveLength(1);

    const [sent, again] = [
      await as('POST', `/api/admin/newsletter/issues/${id}/send`),
      await as('POST', `/api/admin/newsletter/issues/${id}/send`),
    ];
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', recipients: 3 });
    expect(again.statusCode).toBe(409);
    expect(
      (
        await as('PUT', `/api/admin/newsletter/issues/${id}`, {
          subject: 'Changed',
          body: 'Changed after sending it.',
        })
      ).statusCode,
    ).toBe(409);

    const page = await t.app.inject({ url: `/api/newsletter/issues/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ subject: 'Holiday hours', kind: 'issue' });
    expect(page.json().html).toContain('<strong>December 23</strong>');
    const archive = (await t.app.inject({ url: '/api/newsletter/issues' })).json() as {
      items: { slug: string }[];
    };
    expect(archive.items.map((item) => item.slug)).toEqual([
      'holiday-hours',
      'roundup-2026-11',
      'scheduled-for-the-list',
    ]);
    // The archive and every sent issue are in the sitemap; a draft never is.
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    for (const path of ['/newsletter', '/newsletter/holiday-hours', '/newsletter/roundup-2026-11'])
      expect(sitemap).toContain(`<loc>https://jordan.example${path}</loc>`);
    const long = await t.app.inject({ url: `/api/newsletter/issues/${'x'.repeat(300)}` });
    expect([400, 404]).toContain(long.statusCode);
  });

  it('an edit based on a version saved over since is refused, and sent again on that version it is saved', async () => {
    const changed =
      "This draft was changed elsewhere after you opened it. Press 'Save draft' again to save your version over it, or reload the page to see the other changes.";
    const opened = (
      await as('POST', '/api/admin/newsletter/issues', {
        subject: 'Spring hours',
        body: 'The workshop opens at eight from March.',
      })
    ).json();
    const path = `/api/admin/newsletter/issues/${opened.id}`;
    const phone = await as('PUT', path, {
      subject: 'Spring hours, from the phone',
      body: 'The workshop opens at eight from March.',
      basedOn: opened.updatedAt,
    });
    expect(phone.statusCode, phone.body).toBe(200);
    const late = await as('PUT', path, {
      subject: 'Spring hours',
      body: 'The workshop opens at half past seven from March.',
      basedOn: opened.updatedAt,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: changed, errors: { basedOn: changed } });
    expect((await as('GET', path)).json()).toMatchObject({
      subject: 'Spring hours, from the phone',
      body: 'The workshop opens at eight from March.',
    });
    const again = await as('PUT', path, {
      subject: 'Spring hours',
      body: 'The workshop opens at half past seven from March.',
      basedOn: phone.json().updatedAt,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ body: 'The workshop opens at half past seven from March.' });
    await as('DELETE', path);
  });

  it('an edit based on a draft deleted since says so (404); without a version it is the plain 404', async () => {
    const deleted =
      "This draft was deleted elsewhere after you opened it. Press 'Save draft' to save your version as a new draft.";
    const opened = (
      await as('POST', '/api/admin/newsletter/issues', {
        subject: 'Winter hours',
        body: 'The workshop closes at four in January.',
      })
    ).json();
    const path = `/api/admin/newsletter/issues/${opened.id}`;
    expect((await as('DELETE', path)).statusCode).toBe(204);
    const late = await as('PUT', path, {
      subject: 'Winter hours',
      body: 'The workshop closes at half past four in January.',
      basedOn: opened.updatedAt,
    });
    expect(late.statusCode).toBe(404);
    expect(late.json()).toMatchObject({ message: deleted, errors: { gone: deleted } });
    const plain = await as('PUT', path, { subject: 'Winter hours', body: 'Sent by an API client.' });
    expect(plain.statusCode).toBe(404);
    expect(plain.json()).toMatchObject({ message: 'Issue not found' });
    expect(plain.json().errors).toBeUndefined();
  });

  it('an edit based on a draft sent since says so (409) and changes nothing; without a version, the plain 409', async () => {
    const sent =
      "This draft was sent to the list from elsewhere after you opened it. Press 'Save draft' to save your version as a new draft.";
    const opened = (
      await as('POST', '/api/admin/newsletter/issues', {
        subject: 'Parking during the roadworks',
        body: 'Park behind the workshop until the street reopens.',
      })
    ).json();
    const path = `/api/admin/newsletter/issues/${opened.id}`;
    // Sent from the phone while the laptop's editor is still open on the draft.
    expect((await as('POST', `${path}/send`)).statusCode).toBe(200);
    const late = await as('PUT', path, {
      subject: 'Parking during the roadworks',
      body: 'Park behind the workshop or on Elm Street until the street reopens.',
      basedOn: opened.updatedAt,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: sent, errors: { gone: sent } });
    const plain = await as('PUT', path, { subject: 'Parking', body: 'Sent by an API client.' });
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({ message: 'This issue was sent already' });
    expect(plain.json().errors).toBeUndefined();
    // What the readers got stays as it was sent.
    expect((await as('GET', path)).json()).toMatchObject({
      status: 'sent',
      body: 'Park behind the workshop until the street reopens.',
    });
  });

  it('a test or a send of a draft the editor shows changed is refused (409), and nothing goes out; as saved, they go', async () => {
    const subject = 'Roadworks on Ponce';
    const saved = 'The street is closed.\nPark behind the workshop.';
    const created = await as('POST', '/api/admin/newsletter/issues', { subject, body: saved });
    const { id } = created.json() as { id: number };
    const tests = async () =>
      (
        await db
          .select()
          .from(notificationOutbox)
          .where(eq(notificationOutbox.subject, `[Test] ${subject}`))
      ).length;
    const typed = { subject, body: 'The street is closed until Friday.\nPark behind the workshop.' };
    const delivered = (await deliveriesOf(every.id)).length;

    for (const action of ['test', 'send']) {
      const refused = await as('POST', `/api/admin/newsletter/issues/${id}/${action}`, typed);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(UNSAVED_DRAFT);
      const retitled = await as('POST', `/api/admin/newsletter/issues/${id}/${action}`, {
        subject: 'Roadworks',
        body: saved,
      });
      expect(retitled.statusCode).toBe(409);
    }
    expect(await tests()).toBe(0);
    expect((await as('GET', `/api/admin/newsletter/issues/${id}`)).json()).toMatchObject({ status: 'draft' });
    expect(await deliveriesOf(every.id)).toHaveLength(delivered);

    // As the browser posts the saved text (line breaks as CRLF, a space after), it is the same draft.
    const asPosted = { subject: ` ${subject}`, body: `${saved.replace(/\n/g, '\r\n')} ` };
    expect((await as('POST', `/api/admin/newsletter/issues/${id}/test`, asPosted)).statusCode).toBe(202);
    expect(await tests()).toBe(1);
    const sent = await as('POST', `/api/admin/newsletter/issues/${id}/send`, asPosted);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', body: saved });
    expect(await deliveriesOf(every.id)).toHaveLength(delivered + 1);
  });

  it('refuses a draft without a subject or with a short body, with the form’s messages', async () => {
    const res = await as('POST', '/api/admin/newsletter/issues', { subject: '', body: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      subject: 'Subject is required',
      body: 'Body must be at least 10 characters',
    });
    expect((await as('POST', '/api/admin/newsletter/issues', { subject: 'x' }, '')).statusCode).toBe(401);
  });
});

describe('the owner’s view of the list', () => {
  it('counts each state, the month’s growth and each issue’s deliveries', async () => {
    const overview = (await as('GET', '/api/admin/newsletter')).json() as NewsletterOverview;
    expect(overview.counts).toEqual({ pending: 0, confirmed: 3, unsubscribed: 0, bounced: 0 });
    expect(overview.mailConfigured).toBe(false);
    expect(overview.rate).toBe(5);
    expect(overview.growth.reduce((sum, month) => sum + month.subscribed, 0)).toBe(3);
    const holiday = overview.issues.find((issue) => issue.slug === 'holiday-hours');
    expect(holiday).toMatchObject({ recipients: 3, waiting: 3, delivered: 0, failed: 0, bounced: 0 });
    // Each issue counts its own deliveries (one reader's post, one reader's roundup).
    expect(overview.issues.find((issue) => issue.kind === 'post')).toMatchObject({
      recipients: 1,
      waiting: 1,
    });
    expect(overview.issues.find((issue) => issue.kind === 'roundup')).toMatchObject({
      recipients: 1,
      waiting: 1,
    });
    await db
      .update(newsletterDeliveries)
      .set({ status: 'sent' })
      .where(eq(newsletterDeliveries.subscriberId, every.id));
    const after = (await as('GET', '/api/admin/newsletter')).json() as NewsletterOverview;
    expect(after.issues.find((issue) => issue.slug === 'holiday-hours')).toMatchObject({
      delivered: 1,
      waiting: 2,
    });
    expect(after.issues.find((issue) => issue.kind === 'post')).toMatchObject({ delivered: 1, waiting: 0 });
  });

  it('searches, exports CSV with formulas defused, and deletes someone with everything about them', async () => {
    await reader('=cmd@example.com', 'each', {
      name: '=HYPERLINK("x")',
      status: 'pending',
      confirmedAt: null,
    });
    const found = (await as('GET', '/api/admin/newsletter/subscribers?q=cmd&status=pending')).json() as {
      items: { id: number; email: string }[];
      total: number;
    };
    expect(found.total).toBe(1);
    const csv = await as('GET', '/api/admin/newsletter/subscribers.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'email,name,cadence,status,source,lead_source,consent_at,confirmed_at,unsubscribed_at,created_at',
    );
    expect(csv.body).toContain(`'=cmd@example.com,"'=HYPERLINK(""x"")",each,pending`);
    const id = found.items[0]?.id ?? 0;
    expect((await as('DELETE', `/api/admin/newsletter/subscribers/${id}`)).statusCode).toBe(204);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id))).toEqual([]);
    expect((await as('DELETE', `/api/admin/newsletter/subscribers/${id}`)).statusCode).toBe(404);
  });
});

describe("a post is announced on the blog's own event, not on a cache change (issue 44)", () => {
  it("'post-published' is told once when a post goes live, now or at its scheduled time, and the list hears of it", async () => {
    const heard: string[] = [];
    const stop = t.app.readCache.events.on('post-published', (post) => void heard.push(post.slug));
    const post = (slug: string, extra: Record<string, unknown>) =>
      t.writePost(admin, {
        title: `The post ${slug}`,
        slug,
        ...samplePostText,
        ...extra,
      });
    const issueFor = async (postId: number) =>
      (await db.select().from(newsletterIssues).where(eq(newsletterIssues.postId, postId))).length;

    // A draft, and a change to the caches alone (what every write makes): nothing goes live.
    const draft = await post('event-draft', { isPublished: false });
    expect(draft.statusCode, draft.body).toBe(201);
    t.app.readCache.invalidate('');
    expect(heard).toEqual([]);

    // Published now: told at once, and the list's issue follows from it.
    const now = await post('event-now', { isPublished: true });
    const nowId = (now.json() as { id: number }).id;
    expect(heard).toEqual(['event-now']);
    await expect.poll(() => issueFor(nowId)).toBe(1);
    // An edit of a live post, or the draft published, tells only what went live.
    await as('PATCH', `/api/admin/posts/${nowId}`, { title: 'The post event-now, edited' });
    await as('PATCH', `/api/admin/posts/${(draft.json() as { id: number }).id}`, { isPublished: true });
    expect(heard).toEqual(['event-now', 'event-draft']);

    // Scheduled: told when its time comes (the publisher), once.
    const later = await post('event-later', {
      isPublished: true,
      publishAt: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    const laterId = (later.json() as { id: number }).id;
    expect(heard).toEqual(['event-now', 'event-draft']);
    clock.advance(HOUR + 1000);
    await t.app.publisher.rearm();
    await expect.poll(() => heard).toEqual(['event-now', 'event-draft', 'event-later']);
    await expect.poll(() => issueFor(laterId)).toBe(1);
    await t.app.publisher.rearm();
    expect(heard).toEqual(['event-now', 'event-draft', 'event-later']);
    stop();
  });
});
