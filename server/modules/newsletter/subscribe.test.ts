/**
 * Subscribing as a visitor does it: double opt-in (nothing but the confirmation before it is
 * followed), the same answer whatever the address's state, the quote form's box, one-click
 * leaving (RFC 8058) and suppressions that neither a stranger's form nor an import undoes.
 */
import { and, count, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SUBSCRIBE_ANSWER } from '../../../common/schemas/newsletter.ts';
import {
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  notificationOutbox,
} from '../../db/schema.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { newsletterTestApp } from '../../testing/mail-kit.ts';
import { multipartFile } from '../../testing/multipart.ts';
import { samplePostText, sampleQuote } from '../../testing/samples.ts';
import { freshIp } from '../../testing/test-app.ts';
import { manualClock } from '../../testing/test-clock.ts';
import { SUBSCRIBE_ANSWER_MS } from './routes.ts';

const HOUR = 3_600_000;
const clock = manualClock('2026-11-24T09:00:00Z');
const { t, admin, db } = await newsletterTestApp(clock);

const subscribe = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload,
    headers,
    remoteAddress: freshIp(),
  });
const subscriber = async (email: string) =>
  (
    await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.emailKey, email.toLowerCase()))
  )[0];
const confirmations = async (email: string) =>
  (
    await db
      .select({ n: count() })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.kind, 'newsletter'), eq(notificationOutbox.recipient, email)))
  )[0]?.n ?? 0;
/** The token of the confirmation link in the newest confirmation email to `email`. */
const confirmTokenFor = async (email: string) => {
  const mails = await db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.kind, 'newsletter'), eq(notificationOutbox.recipient, email)))
    .orderBy(desc(notificationOutbox.id));
  return /\/newsletter\/confirm\/([\w-]+)/.exec(mails[0]?.body ?? '')?.[1] ?? '';
};
/** Follows the newest confirmation link to `email`: the reader's manage link's token. */
const confirmed = async (email: string) => {
  const answer = await post('confirm', await confirmTokenFor(email));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().manage as string;
};
const deliveriesTo = async (id: number) =>
  db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.subscriberId, id));
const post = (id: string, token: string, path = '/api/newsletter/confirm') =>
  t.app.inject({
    method: 'POST',
    url: path,
    payload: { token },
    remoteAddress: freshIp(),
    headers: { 'x-test': id },
  });
let posts = 0;
async function publishPost() {
  posts++;
  const res = await t.writePost(admin, {
    title: `Fresh post number ${posts}`,
    slug: `fresh-post-${posts}`,
    ...samplePostText,
    isPublished: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  // Publishing announces it at once (the site's event); a second look adds nothing.
  await t.app.newsletter.issues.announceDue();
  const postId = (res.json() as { id: number }).id;
  return db.select().from(newsletterIssues).where(eq(newsletterIssues.postId, postId));
}

describe('subscribing', () => {
  it('answers the same and sends only a confirmation until it is followed', async () => {
    const res = await subscribe({
      email: 'Reader@Example.com',
      name: 'Robin',
      cadence: 'each',
      source: 'post:fresh-post',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: SUBSCRIBE_ANSWER });
    const row = await subscriber('reader@example.com');
    expect(row).toMatchObject({
      status: 'pending',
      name: 'Robin',
      cadence: 'each',
      source: 'post:fresh-post',
    });
    expect(row?.consentAt).toBeInstanceOf(Date);
    expect(row?.confirmedAt).toBeNull();
    // No IP is kept anywhere on the row.
    expect(JSON.stringify(row)).not.toMatch(/\d+\.\d+\.\d+\.\d+/);
    const [mail] = await db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, 'Reader@Example.com'));
    expect(mail?.subject).toBe('Confirm your subscription to Jordan Ellis’s newsletter');
    const token = await confirmTokenFor('Reader@Example.com');
    expect(mail?.html).toContain(`https://jordan.example/newsletter/confirm/${token}`);
    expect(mail?.body).toContain(`https://jordan.example/newsletter/confirm/${token}`);
    // The link is kept only as its hash.
    expect(row?.confirmHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // A post goes live: nobody unconfirmed is mailed.
    await publishPost();
    expect(await deliveriesTo(row?.id ?? 0)).toEqual([]);

    // Sent again within the hour: the same answer, no second email.
    expect((await subscribe({ email: 'reader@example.com' })).json()).toEqual({ message: SUBSCRIBE_ANSWER });
    expect(await confirmations('Reader@Example.com')).toBe(1);

    // Confirmed a minute after that post went live: it is not sent to them later.
    clock.advance(60_000);
    const pressed = await post('confirm', token);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.json()).toMatchObject({ status: 'confirmed', cadence: 'each' });
    // The reader's manage link: derived from the server secret, in no column.
    const manage = pressed.json().manage as string;
    expect(manage).toMatch(/^[0-9a-z]+_[\w-]{32}$/);
    expect(JSON.stringify(await subscriber('reader@example.com'))).not.toContain(manage);
    expect((await subscriber('reader@example.com'))?.confirmHash).toBeNull();
    expect((await subscriber('reader@example.com'))?.confirmedAt).toBeInstanceOf(Date);
    clock.advance(60_000);
    const [issue] = await publishPost();
    expect(issue?.recipients).toBe(1);
    expect((await deliveriesTo(row?.id ?? 0)).map((d) => d.issueId)).toEqual([issue?.id]);
  });

  it('never tells whether an address is on the list', async () => {
    await subscribe({ email: 'known@example.com' });
    await confirmed('known@example.com');
    const answers = await Promise.all([
      subscribe({ email: 'known@example.com', cadence: 'monthly' }),
      subscribe({ email: 'nobody-yet@example.com' }),
    ]);
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
      [202, answers[1]?.body],
      [202, answers[1]?.body],
    ]);
    // The confirmed reader's choice is theirs to change, by their own link only.
    expect((await subscriber('known@example.com'))?.cadence).toBe('each');
    expect(await confirmations('known@example.com')).toBe(1);
  });

  it('refuses a bad address with the form message and stores nothing; a filled honeypot stores nothing', async () => {
    const bad = await subscribe({ email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ email: 'Invalid email address' });
    const bot = await subscribe({ email: 'bot@example.com', website: 'https://spam.example' });
    expect(bot.statusCode).toBe(202);
    expect(await subscriber('bot@example.com')).toBeUndefined();
  });

  it('subscribes from the quote form’s box the same way, with the visit’s source', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      payload: {
        ...sampleQuote,
        newsletter: true,
        source: { landingPage: '/', utmSource: 'google' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await subscriber('dana@example.com')).toMatchObject({
      status: 'pending',
      name: 'Dana',
      source: 'quote',
      leadSource: { landingPage: '/', utmSource: 'google' },
    });
    expect(await confirmations('dana@example.com')).toBe(1);
  });
});

describe('leaving', () => {
  it('takes one click from a mail app (RFC 8058), from any origin, and drops what was queued', async () => {
    await subscribe({ email: 'leaver@example.com' });
    const row = await subscriber('leaver@example.com');
    const manage = await confirmed('leaver@example.com');
    const [issue] = await publishPost();
    expect((await deliveriesTo(row?.id ?? 0)).map((d) => d.status)).toEqual(['pending']);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/one-click/${manage}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await subscriber('leaver@example.com')).toMatchObject({ status: 'unsubscribed' });
    expect((await deliveriesTo(row?.id ?? 0))[0]).toMatchObject({ issueId: issue?.id, status: 'failed' });
    // Opened in a browser, the address leads to the unsubscribe page.
    const opened = await t.app.inject({ url: `/api/newsletter/one-click/${manage}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/newsletter/unsubscribe/${manage}`);
    // Once more changes nothing; an unknown link is a 404.
    expect((await post('again', manage, '/api/newsletter/unsubscribe')).statusCode).toBe(200);
    expect((await post('unknown', 'x'.repeat(32), '/api/newsletter/unsubscribe')).statusCode).toBe(404);
  });

  it('stays a suppression: a stranger’s form and an import leave it off the list', async () => {
    await subscribe({ email: 'gone@example.com' });
    const first = await confirmTokenFor('gone@example.com');
    const manage = await confirmed('gone@example.com');
    await post('leave', manage, '/api/newsletter/unsubscribe');
    clock.advance(2 * HOUR);
    expect((await subscribe({ email: 'gone@example.com' })).json()).toEqual({ message: SUBSCRIBE_ANSWER });
    expect((await subscriber('gone@example.com'))?.status).toBe('unsubscribed');
    const csv =
      'email,name,consent\ngone@example.com,Gone,yes\nnew-from-import@example.com,New,2026-01-02T10:00:00Z\n';
    const { payload, headers } = multipartFile('file', 'list.csv', 'text/csv', Buffer.from(csv));
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/newsletter/import',
      payload,
      headers: { ...headers, cookie: admin },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 1, suppressed: 1, already: 0 });
    expect((await subscriber('gone@example.com'))?.status).toBe('unsubscribed');
    expect(await subscriber('new-from-import@example.com')).toMatchObject({
      status: 'confirmed',
      source: 'import',
    });
    // Only the address's owner brings it back, by the link in the new confirmation email:
    // neither the old email's confirmation link nor the link that unsubscribed puts it back.
    expect(await confirmations('gone@example.com')).toBe(2);
    expect((await post('old', first)).statusCode).toBe(404);
    expect((await post('manage', manage)).statusCode).toBe(404);
    expect((await post('back', manage, '/api/newsletter/resubscribe')).json()).toMatchObject({
      status: 'unsubscribed',
    });
    expect((await subscriber('gone@example.com'))?.status).toBe('unsubscribed');
    await confirmed('gone@example.com');
    expect((await subscriber('gone@example.com'))?.status).toBe('confirmed');
  });

  it('never lets an old confirmation link put back an address that left; coming back mails a new one', async () => {
    await subscribe({ email: 'twice@example.com' });
    const first = await confirmTokenFor('twice@example.com');
    const manage = await confirmed('twice@example.com');
    await post('leave', manage, '/api/newsletter/unsubscribe');
    // The first email's link, followed again after leaving: refused, still off the list.
    expect((await post('old', first)).statusCode).toBe(404);
    expect((await subscriber('twice@example.com'))?.status).toBe('unsubscribed');
    // 'Subscribe again' on the manage page: a new confirmation email at once (the hour's limit is
    // for the sign-up forms), the list only once it is followed.
    const back = await post('back', manage, '/api/newsletter/resubscribe');
    expect(back.json()).toMatchObject({ status: 'unsubscribed' });
    expect(await confirmations('twice@example.com')).toBe(2);
    const second = await confirmTokenFor('twice@example.com');
    expect(second).not.toBe(first);
    expect((await post('new', second)).json()).toMatchObject({ status: 'confirmed', manage });
    expect((await post('new again', second)).statusCode).toBe(404);
    // Pressed again and again: one email a minute at most.
    await post('leave again', manage, '/api/newsletter/unsubscribe');
    clock.advance(61_000);
    await post('back', manage, '/api/newsletter/resubscribe');
    await post('back again', manage, '/api/newsletter/resubscribe');
    expect(await confirmations('twice@example.com')).toBe(3);
  });
});

describe('sign-up abuse', () => {
  it('sends one confirmation an hour to a mailbox, however many +tag variants ask', async () => {
    const variants = Array.from({ length: 36 }, (_, i) => `Probe+tag${i}@Example.org`);
    const answers = await Promise.all(variants.map((email) => subscribe({ email })));
    expect(answers.every((answer) => answer.statusCode === 202)).toBe(true);
    const sent = await db
      .select({ n: count() })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.kind, 'newsletter'), like(notificationOutbox.recipient, 'Probe+%')));
    expect(sent[0]?.n).toBe(1);
    // The plain address is the same mailbox; an hour later it gets its own.
    await subscribe({ email: 'probe@example.org' });
    expect(await confirmations('probe@example.org')).toBe(0);
    clock.advance(HOUR + 1);
    await subscribe({ email: 'probe@example.org' });
    expect(await confirmations('probe@example.org')).toBe(1);
  });

  it(`answers a sign-up ${SUBSCRIBE_ANSWER_MS} ms after it came, whether the address is new, waiting or on the list`, async () => {
    await subscribe({ email: 'timed@example.com' });
    await confirmed('timed@example.com');
    await subscribe({ email: 'waiting-timed@example.com' });
    for (const email of ['timed@example.com', 'waiting-timed@example.com', 'new-timed@example.com']) {
      const started = performance.now();
      expect((await subscribe({ email })).statusCode).toBe(202);
      expect(performance.now() - started).toBeGreaterThanOrEqual(SUBSCRIBE_ANSWER_MS - 1);
    }
  });
});

describe('a big import', () => {
  it('leaves the database to other requests between its batches, and counts every row', async () => {
    const readers = 5000;
    const csv = `email,consent\n${Array.from({ length: readers }, (_, i) => `bulk${i}@example.net,yes`).join('\n')}\n`;
    let finished = false;
    const importing = t.app.newsletter.importCsv(csv).then((report) => {
      finished = true;
      return report;
    });
    // Reads asked for while the import writes are answered between its batches: one sees part of
    // it (in one transaction, the first read waited for all of it).
    const bulk = async () =>
      (
        await db
          .select({ n: count() })
          .from(newsletterSubscribers)
          .where(like(newsletterSubscribers.email, 'bulk%'))
      )[0]?.n ?? 0;
    // Each look waits a moment first, as a page's request comes by the network (a loop of reads
    // alone, resolved in microtasks, would never let the import's next turn come).
    const look = async () => {
      await new Promise((next) => setTimeout(next, 5));
      return bulk();
    };
    let seen = await look();
    while (seen === 0 && !finished) seen = await look();
    expect(finished).toBe(false);
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(readers);
    expect(await importing).toMatchObject({ added: readers, already: 0, suppressed: 0, skipped: [] });
    // Imported again: every address is there already, none twice.
    expect(await t.app.newsletter.importCsv(csv)).toMatchObject({ added: 0, already: readers });
  });
});
