import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema.ts';
import { mailTestBench } from '../../testing/mail-kit.ts';
import { enqueueNotification } from './service.ts';
import { createMailWorker, MAX_ATTEMPTS, retryDelayMs } from './worker.ts';

const { smtp, database, transport } = await mailTestBench([notificationOutbox]);
/** How many recipients the stand-in refuses for now (450) before it takes them again. */
let rejectNext = 0;

const silentLog = { warn() {}, error() {}, info() {} } as never;

beforeEach(() => {
  rejectNext = 0;
  smtp.refuse = () => {
    if (rejectNext <= 0) return undefined;
    rejectNext--;
    return 450;
  };
});

const worker = () =>
  createMailWorker({
    db: database.db,
    transport: transport(),
    to: 'owner@example.com',
    from: 'site@example.com',
    log: silentLog,
  });

describe('mail worker', () => {
  it('sends pending notifications to NOTIFY_EMAIL and marks them sent', async () => {
    await enqueueNotification(database.db, {
      kind: 'quote',
      subject: 'New quote request from Dana',
      fields: { Name: 'Dana', Budget: '5-10k' },
    });
    const mail = worker();
    expect(await mail.runOnce()).toBe(1);
    await mail.stop();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'site@example.com', to: ['owner@example.com'] });
    expect(smtp.received[0]?.raw).toContain('Subject: New quote request from Dana');
    expect(smtp.received[0]?.raw).toContain('Budget: 5-10k');
    const [row] = await database.db.select().from(notificationOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    // Nothing is sent twice.
    const again = worker();
    expect(await again.runOnce()).toBe(0);
    await again.stop();
  });

  it('sends a notification addressed to someone (a reply to their comment) to them, not the owner', async () => {
    await enqueueNotification(database.db, {
      kind: 'reply',
      recipient: 'casey@example.com',
      subject: 'Jordan Ellis replied to your comment',
      fields: { Reply: 'A CR2025.' },
    });
    const mail = worker();
    expect(await mail.runOnce()).toBe(1);
    await mail.stop();
    expect(smtp.received[0]).toMatchObject({ to: ['casey@example.com'] });
  });

  it('sends a message with an HTML part and headers of its own (the newsletter’s confirmation) as both parts', async () => {
    await enqueueNotification(database.db, {
      kind: 'newsletter',
      recipient: 'reader@example.com',
      subject: 'Confirm your subscription',
      fields: {},
      text: 'Confirm: https://jordan.example/newsletter/confirm/abc',
      html: '<p>Confirm: <a href="https://jordan.example/newsletter/confirm/abc">here</a></p>',
      headers: { 'X-Entity-Ref-ID': 'confirm-1' },
    });
    const mail = worker();
    expect(await mail.runOnce()).toBe(1);
    await mail.stop();
    const raw = smtp.received[0]?.raw ?? '';
    expect(smtp.received[0]).toMatchObject({ to: ['reader@example.com'] });
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('X-Entity-Ref-ID: confirm-1');
    expect(raw).toContain('Confirm: https://jordan.example/newsletter/confirm/abc');
  });

  it('sends a booked call with its calendar invitation as a text/calendar part and an .ics file', async () => {
    const ics =
      'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:booking-1@example.com\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    await enqueueNotification(database.db, {
      kind: 'booking',
      recipient: 'dana@example.com',
      subject: 'Your call with Jordan Ellis',
      fields: { When: 'Tuesday' },
      attachment: { filename: 'call.ics', contentType: 'text/calendar', content: ics, method: 'REQUEST' },
    });
    const mail = worker();
    expect(await mail.runOnce()).toBe(1);
    await mail.stop();
    const raw = smtp.received[0]?.raw ?? '';
    expect(smtp.received[0]).toMatchObject({ to: ['dana@example.com'] });
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(raw).toContain('filename=call.ics');
    expect(raw).toContain('UID:booking-1@example.com');
  });

  it('keeps a failed notification pending, retries it after a backoff, then delivers it', async () => {
    await enqueueNotification(database.db, { kind: 'comment', subject: 'Retry me', fields: { Name: 'X' } });
    rejectNext = 1;
    const mail = worker();
    expect(await mail.runOnce()).toBe(0);
    let [row] = await database.db.select().from(notificationOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/Mailbox unavailable/);
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing happens.
    expect(await mail.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);

    await database.db.update(notificationOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await mail.runOnce()).toBe(1);
    await mail.stop();
    [row] = await database.db.select().from(notificationOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and keeps the row, marked failed`, async () => {
    await enqueueNotification(database.db, { kind: 'contact', subject: 'Doomed', fields: {} });
    await database.db.update(notificationOutbox).set({ attempts: MAX_ATTEMPTS - 1 });
    rejectNext = 1;
    const mail = worker();
    await mail.runOnce();
    await mail.stop();
    const [row] = await database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.subject, 'Doomed'));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
