/**
 * Delivering an issue through a stand-in SMTP server on 127.0.0.1: each reader's own message with
 * RFC 8058 headers, an HTML and a text part; the rate; a temporary refusal retried and a permanent
 * one counted as a bounce (three and the address is not mailed again); and, on PostgreSQL, two
 * senders in two connection pools (two processes) delivering each issue to each reader once.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../db/client.ts';
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from '../../db/schema.ts';
import { mailTestBench, NEWSLETTER_SITE, newsletterOn } from '../../testing/mail-kit.ts';
import { required } from '../../testing/required.ts';
import { openPostgresTestDatabase, postgresAnswers } from '../../testing/test-app.ts';
import { subscriberLinks } from './links.ts';
import { createNewsletterSender, MAX_BOUNCES } from './sender.ts';

const site = NEWSLETTER_SITE;
const silentLog = { warn() {}, error() {} };
const { smtp, database, transport } = await mailTestBench([newsletterIssues, newsletterSubscribers]);

/** The subscribers' manage links, under a secret of the test's own. */
const links = subscriberLinks('sender-test-secret-that-is-long-enough');

const serviceOn = (db: Db) => newsletterOn(db, links);

const senderOn = (db: Db, rate = 1000) =>
  createNewsletterSender({
    db,
    // As the site makes it: the one pooled transport (closed after each test).
    transport: transport(),
    from: 'Jordan Ellis <news@jordan.example>',
    rate,
    site,
    log: silentLog,
    links,
  });

/** Confirmed readers, straight into the table (the subscribe flow has tests of its own). */
async function readers(db: Db, prefix: string, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    email: `${prefix}${i}@example.com`,
    emailKey: `${prefix}${i}@example.com`,
    source: 'newsletter',
    mailboxKey: `${prefix}${i}@example.com`,
    status: 'confirmed' as const,
    consentAt: new Date(),
    confirmedAt: new Date(),
  }));
  return db.insert(newsletterSubscribers).values(rows).returning();
}

async function sendIssue(db: Db, subject: string) {
  const newsletter = serviceOn(db);
  const draft = await newsletter.issues.createDraft({
    subject,
    body: 'Hello, readers.\n\n![A photo](/uploads/bench.webp)\n\n[The blog](/blog)',
  });
  return newsletter.issues.send(draft.id);
}

async function drain(sender: ReturnType<typeof senderOn>) {
  for (let i = 0; i < 50; i++) {
    const outcomes = await sender.runOnce();
    if (Object.keys(outcomes).length === 0) {
      const [{ n } = { n: 0 }] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(newsletterDeliveries)
        .where(sql`status = 'pending' and next_attempt_at <= now()`);
      if (n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe('the sender', () => {
  it('mails each reader their own message: one-click headers, HTML and text, absolute links, no pixel', async () => {
    const [reader] = await readers(database.db, 'one', 1);
    const issue = await sendIssue(database.db, 'Workshop news');
    const sender = senderOn(database.db);
    expect(await sender.runOnce()).toEqual({ sent: 1 });
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['one0@example.com']);
    // Unfolded headers, quoted-printable undone.
    const raw = (mail?.raw ?? '')
      .replace(/\r\n[ \t]+/g, ' ')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    expect(raw).toContain(
      `List-Unsubscribe: <https://jordan.example/api/newsletter/one-click/${links.manageToken(reader?.id ?? 0)}>`,
    );
    expect(raw).toContain(
      `<mailto:news@jordan.example?subject=unsubscribe%20${links.manageToken(reader?.id ?? 0)}>`,
    );
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('src="https://jordan.example/uploads/bench.webp"');
    expect(raw).toContain('href="https://jordan.example/blog"');
    expect(raw).toContain(`https://jordan.example/newsletter/${issue.slug}`);
    expect(raw).toContain('name="color-scheme" content="light dark"');
    // One image, the post's photo: no tracking pixel, and no link leads anywhere but the site.
    expect(raw.match(/<img/g)?.length).toBe(1);
    expect(
      [...raw.matchAll(/href="([^"]+)"/g)]
        .map((m) => m[1])
        .filter((href) => !href?.startsWith('https://jordan.example')),
    ).toEqual([]);
    const [delivery] = await database.db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, issue.id));
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1 });
    await sender.stop();
  });

  it('keeps to the rate: 5 a second takes 5 now and the rest in the next seconds', async () => {
    await readers(database.db, 'rate', 12);
    await sendIssue(database.db, 'Rate check');
    const sender = senderOn(database.db, 5);
    expect((await sender.runOnce()).sent).toBe(5);
    expect(await sender.runOnce()).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, sender.windowMs + 50));
    expect((await sender.runOnce()).sent).toBe(5);
    await sender.stop();
  });

  it('retries a temporary refusal and counts a permanent one as a bounce; three bounces end the mail', async () => {
    const [soft, hard] = await readers(database.db, 'bounce', 2);
    smtp.refuse = (address) => (address === soft?.email ? 451 : address === hard?.email ? 550 : undefined);
    const sender = senderOn(database.db);
    for (let n = 1; n <= MAX_BOUNCES; n++) {
      await sendIssue(database.db, `Bounce round ${n}`);
      await sender.runOnce();
    }
    const states = async (id: number) =>
      (
        await database.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.subscriberId, id))
      ).map((d) => [d.status, d.attempts]);
    expect(await states(soft?.id ?? 0)).toEqual([
      ['pending', 1],
      ['pending', 1],
      ['pending', 1],
    ]);
    expect(await states(hard?.id ?? 0)).toEqual([
      ['bounced', 1],
      ['bounced', 1],
      ['bounced', 1],
    ]);
    const [bounced] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, hard?.id ?? 0));
    expect(bounced).toMatchObject({ status: 'bounced', bounces: 3 });
    // The next issue is not queued for the bounced address at all.
    const next = await sendIssue(database.db, 'After the bounces');
    expect(next.recipients).toBe(1);
    // The temporary one is delivered when the server takes it again and its time comes.
    smtp.refuse = () => undefined;
    await database.db.update(newsletterDeliveries).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await drain(sender);
    expect(smtp.received.filter((mail) => mail.to.includes(soft?.email ?? '')).length).toBe(4);
    await sender.stop();
  });

  it('sleeps while nothing waits, and wakes at once when an issue is queued', async () => {
    await readers(database.db, 'wake', 1);
    const sender = senderOn(database.db);
    sender.start();
    // Its first look finds nothing: the next would be IDLE_LOOK_MS away.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sendIssue(database.db, 'Wake up');
    sender.wake();
    await expect.poll(() => smtp.received.length, { timeout: 3_000 }).toBe(1);
    await sender.stop();
  });

  it('sends nothing to a reader who left after the issue was queued', async () => {
    const [reader] = await readers(database.db, 'left', 1);
    await sendIssue(database.db, 'Left before it went');
    await serviceOn(database.db).subscribers.unsubscribe(links.manageToken(reader?.id ?? 0));
    const sender = senderOn(database.db);
    expect(await sender.runOnce()).toEqual({});
    expect(smtp.received).toEqual([]);
    await sender.stop();
  });
});

const postgresUp = await postgresAnswers();

describe.runIf(required('PostgreSQL', postgresUp))('two processes on one PostgreSQL', () => {
  it('deliver each issue to each reader exactly once, together within the rate', async () => {
    const shared = await openPostgresTestDatabase();
    const other = await openDatabase({ kind: 'postgres', url: shared.url ?? '', poolSize: 4 });
    try {
      await readers(shared.db, 'pair', 60);
      const issue = await sendIssue(shared.db, 'Two senders');
      // Queued twice (a second process's look) adds nothing.
      await shared.db.transaction(async (tx) =>
        tx.execute(sql`insert into newsletter_deliveries (issue_id, subscriber_id)
          select ${issue.id}, id from newsletter_subscribers on conflict do nothing`),
      );
      const first = senderOn(shared.db, 20);
      const second = senderOn(other.db, 20);
      // Both take at once: together no more than the rate's 20 in the window.
      const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
      expect((a.sent ?? 0) + (b.sent ?? 0)).toBe(20);
      const deadline = Date.now() + 15_000;
      while (smtp.received.length < 60 && Date.now() < deadline) {
        await Promise.all([first.runOnce(), second.runOnce()]);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const addresses = smtp.received.flatMap((mail) => mail.to);
      expect(addresses.length).toBe(60);
      expect(new Set(addresses).size).toBe(60);
      const [row] = await shared.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
      expect(row?.recipients).toBe(60);
      await Promise.all([first.stop(), second.stop()]);
    } finally {
      await other.close();
      await shared.close();
    }
  });
});
