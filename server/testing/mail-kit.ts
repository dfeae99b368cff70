/**
 * The mail tests' bench: a stand-in SMTP server and a test database, opened at a test file's top
 * level and closed after it; after each test, every transport made is closed, the stand-in forgets
 * what it took and refuses nothing, and the tables the test filled are emptied.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, afterEach } from 'vitest';
import type { Db } from '../db/client.ts';
import { createMailTransport, type MailTransport } from '../lib/mail.ts';
import type { SubscriberLinks } from '../modules/newsletter/links.ts';
import { createNewsletterService } from '../modules/newsletter/service.ts';
import { startSmtpStandIn } from './smtp-stand-in.ts';
import { openTestDatabase, signedInTestApp, type TestAppOptions } from './test-app.ts';

export async function mailTestBench(emptied: PgTable[]) {
  const smtp = await startSmtpStandIn();
  const database = await openTestDatabase();
  const transports: MailTransport[] = [];
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });
  afterEach(async () => {
    for (const made of transports.splice(0)) made.close();
    smtp.received = [];
    smtp.refuse = () => undefined;
    for (const table of emptied) await database.db.delete(table);
  });
  /** A transport to the stand-in, closed after the test. */
  const transport = () => {
    const made = createMailTransport(smtp.url);
    transports.push(made);
    return made;
  };
  return { smtp, database, transport };
}

/** The site the newsletter tests write from. */
export const NEWSLETTER_SITE = {
  url: 'https://jordan.example',
  name: 'Jordan Ellis',
  location: 'Atlanta, Georgia',
};

/** The newsletter's service on a database, mail configured, its manage links under the given secret. */
export const newsletterOn = (db: Db, links: SubscriberLinks) =>
  createNewsletterService({
    db,
    site: NEWSLETTER_SITE,
    timeZone: 'America/New_York',
    now: () => new Date(),
    mail: { configured: true, owner: 'owner@example.com', rate: 5 },
    links,
  });

/** The newsletter's tests on the whole app: the site above without the sample content, on the test's clock. */
export async function newsletterTestApp(clock: TestAppOptions['clock']) {
  const { t, admin } = await signedInTestApp({
    seed: false,
    env: { PUBLIC_URL: NEWSLETTER_SITE.url },
    clock,
  });
  afterAll(() => t.close());
  return { t, admin, db: t.database.db };
}
