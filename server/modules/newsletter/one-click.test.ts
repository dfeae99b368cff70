/**
 * RFC 8058 as a mail provider does it (issue 45): an issue is sent to a reader through a stand-in
 * SMTP server, the `List-Unsubscribe` address is read from the email as it arrived, and that
 * address is posted `List-Unsubscribe=One-Click`, form-encoded, with no cookie and from no page.
 * The reader is off the list at once; the same address opened in a browser shows the reader's page.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../db/schema.ts';
import { createMailTransport } from '../../lib/mail.ts';
import { NEWSLETTER_SITE, newsletterOn } from '../../testing/mail-kit.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../testing/smtp-stand-in.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';
import { subscriberLinks } from './links.ts';
import { createNewsletterSender } from './sender.ts';

const site = NEWSLETTER_SITE;
let smtp: SmtpStandIn;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ seed: false, env: { PUBLIC_URL: site.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The email's headers, unfolded. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';

describe("a newsletter email's one-click unsubscribe", () => {
  it('takes the provider’s POST at the address in the header, and shows the reader’s page in a browser', async () => {
    const db = t.database.db;
    const [reader] = await db
      .insert(newsletterSubscribers)
      .values({
        email: 'reader@example.com',
        emailKey: 'reader@example.com',
        source: 'newsletter',
        mailboxKey: 'reader@example.com',
        status: 'confirmed',
        consentAt: new Date(),
        confirmedAt: new Date(),
      })
      .returning();
    // The site's own manage links (its server secret), as the site's sender writes them.
    const links = subscriberLinks(t.config.SESSION_SECRET ?? '');
    const newsletter = newsletterOn(db, links);
    const draft = await newsletter.issues.createDraft({ subject: 'Workshop news', body: 'Hello, readers.' });
    await newsletter.issues.send(draft.id);
    const transport = createMailTransport(smtp.url);
    const sender = createNewsletterSender({
      db,
      transport,
      from: 'Jordan Ellis <news@jordan.example>',
      rate: 1000,
      site,
      log: { warn() {}, error() {} },
      links,
    });
    for (let round = 0; round < 20 && smtp.received.length === 0; round++) await sender.runOnce();
    transport.close();
    expect(smtp.received).toHaveLength(1);

    const headers = headersOf(smtp.received[0]?.raw ?? '');
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const address = /List-Unsubscribe: <(https:[^>]+)>/.exec(headers)?.[1] ?? '';
    expect(address.startsWith(`${site.url}/`)).toBe(true);
    const path = new URL(address).pathname;

    // The provider's request: form-encoded, no cookie, no Origin of this site.
    const pressed = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: freshIp(),
    });
    expect(pressed.statusCode, pressed.body).toBe(200);
    const [after] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, reader?.id ?? 0));
    expect(after?.status).toBe('unsubscribed');

    // Opened in a browser, the same address leads to the reader's own page.
    const opened = await t.app.inject({ url: path });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/newsletter/unsubscribe/${links.manageToken(reader?.id ?? 0)}`);
  });
});
