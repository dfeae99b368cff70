/**
 * The owner is never kept out by strangers' guesses (issue 45): while a guesser keeps trying
 * passwords from 50 changing addresses behind the proxy (TRUST_PROXY), the owner, in a browser
 * that never signed in before, asks for a sign-in link, reads it from the email as it arrived at a
 * stand-in SMTP server, and is signed in; the guesser stays slowed throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_SENT, SIGN_IN_LINK_SPENT } from '../../../common/constants.ts';
import type { Db } from '../../db/client.ts';
import { createAdmin } from '../../db/seed.ts';
import type { MailTransport } from '../../lib/mail.ts';
import { authKit, codeAt } from '../../testing/auth-kit.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../testing/smtp-stand-in.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { manualClock } from '../../testing/test-clock.ts';
import { ACCOUNT_SLOW_AFTER } from './service.ts';
import { createSignInLinks } from './sign-in-links.ts';

const ORIGIN = 'http://localhost:4999';
const OWNER_MAILBOX = 'owner@example.com';
const clock = manualClock('2026-11-25T12:00:10Z');
let smtp: SmtpStandIn;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({
    seed: false,
    clock,
    env: { PUBLIC_URL: ORIGIN, SMTP_URL: smtp.url, NOTIFY_EMAIL: OWNER_MAILBOX, TRUST_PROXY: '127.0.0.1' },
  });
  await createAdmin(t.database.db, 'owner', 'the-owners-password');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A request through the proxy from `address` (what TRUST_PROXY believes). */
const through = (address: string, url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    remoteAddress: '127.0.0.1',
  });

let ownerAddress = 0;
/** The owner's new browser, each time from an address the guesser never used. */
const owner = (url: string, payload: object, cookie?: string) =>
  through(`203.0.113.${++ownerAddress}`, url, payload, cookie);

/** The emails that reached `mailbox`, waited for until `count` arrived (at most 60 s: the bound). */
async function mailTo(mailbox: string, count = 1) {
  const deadline = Date.now() + 60_000;
  const arrived = () => smtp.received.filter((mail) => mail.to.includes(mailbox));
  while (arrived().length < count && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
  return arrived();
}

/** The link in an email, unfolded from its quoted-printable lines. */
const linkIn = (raw: string) => {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return new URL(/http:\/\/localhost:4999\/auth\?link=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? 'http://x/');
};

describe('a sign-in link by email', () => {
  it('lets the owner in from a new browser while strangers keep guessing, and keeps them slowed', async () => {
    // The guesser: wrong passwords from 50 addresses, round and round, until the test ends.
    const guesses: number[] = [];
    let guessing = true;
    const guesser = (async () => {
      for (let guess = 0; guessing; guess++) {
        const answer = await through(`198.51.100.${guess % 50}`, '/api/login', {
          username: 'owner',
          password: `guess-${guess}`,
        });
        guesses.push(answer.statusCode);
      }
    })();
    while (guesses.length < 12) await new Promise((done) => setTimeout(done, 10));

    // The right password from a new browser is slowed like any guess: the guesser took the try.
    const password = await owner('/api/login', { username: 'owner', password: 'the-owners-password' });
    expect(password.statusCode).toBe(429);

    // The way in: a link to the owner's mailbox, the same answer as for an account that is not there.
    const asked = await owner('/api/login/link', { username: 'owner' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: SIGN_IN_LINK_SENT });
    const nobody = await owner('/api/login/link', { username: 'nobody-here' });
    expect(nobody.statusCode).toBe(202);
    expect(nobody.body).toBe(asked.body);

    const [mail] = await mailTo(OWNER_MAILBOX);
    expect(mail?.raw).toContain('Subject: Your sign-in link for');
    const link = linkIn(mail?.raw ?? '');
    expect(link.pathname).toBe('/auth');
    const token = link.searchParams.get('link') ?? '';

    // The browser that opens it signs in, and is the owner's from then on (its device cookie).
    const signedIn = await owner('/api/login/link/sign-in', { token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ username: 'owner', isAdmin: true });
    const sid = signedIn.cookies.find((cookie) => cookie.name === 'sid');
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: `sid=${sid?.value}` } });
    expect(me.json()).toMatchObject({ username: 'owner' });
    expect(signedIn.cookies.map((cookie) => cookie.name)).toContain('sdev');

    // Once only.
    const again = await owner('/api/login/link/sign-in', { token });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(SIGN_IN_LINK_SPENT);

    // The guesser keeps at it until it has made four times the failures that slow the account (how
    // many it made while the mail travelled depends on the machine's speed), then stops.
    while (guesses.length < 4 * ACCOUNT_SLOW_AFTER) await new Promise((done) => setTimeout(done, 10));
    guessing = false;
    await guesser;
    // The guesser never got in, and is still slowed: after the account's failures and the one
    // paced try (the clock stands still), every guess was refused unchecked.
    expect(guesses).not.toContain(200);
    expect(guesses.filter((status) => status === 401)).toHaveLength(ACCOUNT_SLOW_AFTER + 1);
    expect(guesses.filter((status) => status === 429).length).toBeGreaterThan(guesses.length / 2);
    const next = await through('198.51.100.77', '/api/login', { username: 'owner', password: 'guess-x' });
    expect(next.statusCode).toBe(429);
  });

  it('mails one link a minute per account at most, never to an unknown name, and a link lasts 15 minutes', async () => {
    await owner('/api/register', {
      username: 'reader',
      email: 'reader@example.com',
      password: 'reader-pass-1',
    });
    // A link for the reader, then at once a second ask: one email.
    for (let ask = 0; ask < 3; ask++)
      expect((await owner('/api/login/link', { username: 'Reader' })).statusCode).toBe(202);
    const [first] = await mailTo('reader@example.com');
    // A marker: the owner's next link (a minute on), judged after the reader's three (the asks
    // are judged in the order asked), so no late one of theirs is judged after the minute moved.
    clock.advance(61_000);
    await owner('/api/login/link', { username: 'owner' });
    await mailTo(OWNER_MAILBOX, 2);
    expect(await mailTo('reader@example.com')).toHaveLength(1);

    // Fifteen minutes later the reader's link is spent without a use.
    clock.advance(15 * 60_000);
    const late = await owner('/api/login/link/sign-in', {
      token: linkIn(first?.raw ?? '').searchParams.get('link'),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(SIGN_IN_LINK_SPENT);

    // A made-up token, or none of the right shape: the same refusal, never a 5xx.
    expect((await owner('/api/login/link/sign-in', { token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await owner('/api/login/link/sign-in', { token: 'not a token' })).statusCode).toBe(400);
  });

  it('carries the page of this site it was asked from, and no other site', async () => {
    await owner('/api/register', {
      username: 'backer',
      email: 'backer@example.com',
      password: 'backer-pass-1',
    });
    expect(
      (await owner('/api/login/link', { username: 'backer', back: '/blog/a-post?page=2' })).statusCode,
    ).toBe(202);
    const [mail] = await mailTo('backer@example.com');
    const text = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = new URL(/http:\/\/localhost:4999\/auth\?\S+/.exec(text)?.[0] ?? 'http://x/');
    expect(link.searchParams.get('back')).toBe('/blog/a-post?page=2');
    expect(link.searchParams.get('link')).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    clock.advance(61_000);
    await owner('/api/login/link', { username: 'backer', back: '/.//evil.example' });
    const [, second] = await mailTo('backer@example.com', 2);
    expect(second?.raw).toContain('/auth?link=');
    expect(second?.raw).not.toContain('evil.example');
    expect(second?.raw).not.toContain('back=');
  });

  it('asks an account with an authenticator app for its code after the link', async () => {
    const kit = authKit(t, clock.now);
    const admin = await kit.newAdmin();
    const { secret } = await kit.withAuthenticator(admin.cookie);
    clock.advance(61_000);
    const before = (await mailTo(OWNER_MAILBOX)).length;
    await owner('/api/login/link', { username: admin.username });
    const mails = await mailTo(OWNER_MAILBOX, before + 1);
    const token = linkIn(mails.at(-1)?.raw ?? '').searchParams.get('link') ?? '';

    const first = await owner('/api/login/link/sign-in', { token });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ secondFactor: true });
    expect(first.cookies.map((cookie) => cookie.name)).not.toContain('sid');
    const pending = first.cookies.find((cookie) => cookie.name === 'sid2fa');
    const code = await owner(
      '/api/login/code',
      { code: codeAt(secret, clock.now()) },
      `sid2fa=${pending?.value}`,
    );
    expect(code.statusCode).toBe(200);
    expect(code.json()).toMatchObject({ username: admin.username });
  });
});

/** A transport that records whom it mailed, and holds a mailbox's mail until `release`. */
function recordingTransport(heldFor?: string) {
  const sent: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const transport = {
    async sendMail(message: { to: string }) {
      if (message.to === heldFor) await held;
      sent.push(message.to);
      return {};
    },
    close() {},
  } as unknown as MailTransport;
  return { transport, sent, release };
}

/** `db` whose first account lookup waits until `open` settles: the database slow to answer one ask. */
function slowFirstLookup(db: Db, open: Promise<void>): Db {
  const heldUntilOpen = (builder: object): object =>
    new Proxy(builder, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        if (key === 'then')
          return (done: (v: unknown) => void, failed: (e: unknown) => void) =>
            open.then(() => value.call(target, done, failed));
        return (...args: unknown[]) => heldUntilOpen(value.apply(target, args));
      },
    });
  let first = true;
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      if (key !== 'select' || !first) return value.bind(target);
      first = false;
      return (...args: unknown[]) => heldUntilOpen(value.apply(target, args));
    },
  });
}

/** Waits until `done()`, or at most `ms`: what has not happened by then is taken not to happen. */
async function until(done: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 5));
}

describe('a burst of asks for links', () => {
  const linksOn = (db: Db, transport: MailTransport) =>
    createSignInLinks(db, {
      mail: transport,
      from: 'site@example.com',
      ownerEmail: OWNER_MAILBOX,
      publicUrl: ORIGIN,
      siteName: 'Test',
      now: clock.now,
      log: { warn() {} },
    });
  const account = async (name: string) => {
    await owner('/api/register', {
      username: name,
      email: `${name}@example.com`,
      password: `${name}-pass-1`,
    });
    return `${name}@example.com`;
  };

  it('is judged one ask at a time in the order asked, so a slow one is not overtaken', async () => {
    const slow = await account('slow-ask');
    const quick = await account('quick-ask');
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { transport, sent } = recordingTransport();
    const links = linksOn(slowFirstLookup(t.database.db, opened), transport);
    links.request('slow-ask');
    links.request('quick-ask');
    // While the database is slow on the first ask, the second waits its turn (judged alone, it
    // would be mailed within milliseconds).
    await until(() => sent.length > 0, 1000);
    expect(sent).toEqual([]);
    open();
    await until(() => sent.length === 2, 60_000);
    expect(sent).toEqual([slow, quick]);
  });

  it('mails side by side: a mail server slow on one link holds up no other', async () => {
    const held = await account('held-mailbox');
    const other = await account('other-mailbox');
    const { transport, sent, release } = recordingTransport(held);
    const links = linksOn(t.database.db, transport);
    links.request('held-mailbox');
    links.request('other-mailbox');
    await until(() => sent.length > 0, 60_000);
    expect(sent).toEqual([other]);
    release();
    await until(() => sent.length === 2, 60_000);
    expect(sent).toEqual([other, held]);
  });
});
