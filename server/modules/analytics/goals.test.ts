/**
 * Goals (issue 48, point 1): each form's goal counted by the server when the form is stored, the
 * same through a page's action (a form posted without JavaScript) as through the API (the page's
 * code, or an API client); the links out counted by their redirect; bots, a honeypot's answer and
 * the owner left out; the report's goals with their rates.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GOAL_IDS } from '../../../common/goals.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import { socialLinks } from '../../../content/profile.ts';
import { projects } from '../../../content/projects.ts';
import { insertPost, insertSkill } from '../../db/factories.ts';
import {
  analyticsDaily,
  analyticsVisits,
  goalEvents,
  notificationOutbox,
  quoteRequests,
} from '../../db/schema.ts';
import type { Handler } from '../../plugins/web.ts';
import { analyticsTestApp, DESKTOP_BROWSER } from '../../testing/analytics-kit.ts';
import { sampleQuote } from '../../testing/samples.ts';
import { freshIp } from '../../testing/test-app.ts';

/** A page whose action sends its fields on to the API as the visitor, as a route action does (ADR 018). */
const pageAction: Handler = async (request, context) => {
  const url = new URL(request.url);
  if (request.method !== 'POST')
    return new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } });
  const fields = Object.fromEntries(new URLSearchParams(await request.text()));
  const api = url.pathname === '/resume' ? '/api/resume/request' : '/api/contact';
  const answer = await context.sendApi('POST', api, fields);
  return Response.json({ status: answer.status });
};

const { t, db, owner } = await analyticsTestApp([goalEvents, analyticsDaily], {
  web: { mode: 'build', handler: pageAction },
});

/** A visitor's request: its own address, a browser's user agent, from a page of the site. */
const as = (ip: string, extra: Record<string, string> = {}) => ({
  remoteAddress: ip,
  headers: { 'user-agent': DESKTOP_BROWSER, referer: 'https://jordan.example/blog/a-post', ...extra },
});
const goalsCounted = async () =>
  (await db.select().from(goalEvents).orderBy(goalEvents.id)).map(({ goal, path }) => ({ goal, path }));
const report = async () =>
  (
    await t.app.inject({ url: '/api/admin/analytics?days=7', headers: { cookie: owner } })
  ).json() as AdminAnalytics;

describe('goals counted by the server when a form is stored', () => {
  it('counts each form once, from the page it was sent on, through the API', async () => {
    const ip = freshIp();
    const post = await insertPost(db, { title: 'Goals', slug: 'goals-post' });
    const skill = await insertSkill(db, { name: 'Key Programming', category: 'devops' });
    const send = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, ...as(ip, { 'content-type': 'application/json' }) });
    expect((await send('/api/contact', sampleQuote)).statusCode).toBe(201);
    expect(
      (
        await send('/api/contact', {
          name: 'Dana Smith',
          email: 'dana@example.com',
          subject: 'A question',
          message: 'Do you program keys for a 2012 Civic?',
        })
      ).statusCode,
    ).toBe(201);
    const resume = await send('/api/resume/request', {
      name: 'Riley Recruiter',
      email: 'riley@example.com',
      company: 'Acme',
      purpose: 'job_opportunity',
    });
    expect(resume.statusCode).toBe(201);
    const pdf = await t.app.inject({ url: `/api/resume?token=${resume.json().accessToken}`, ...as(ip) });
    expect(pdf.statusCode).toBe(200);
    const comment = await send(`/api/blog/post/${post.id}/comments`, {
      name: 'Sam Reader',
      email: 'sam@example.com',
      content: 'This was really useful, thank you!',
      captchaToken: 'not-a-robot',
      formToken: t.formToken('comment', post.id),
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const endorsement = await send('/api/skill-endorsements', {
      skillId: skill.id,
      name: 'Pat Client',
      email: 'pat@example.com',
      formToken: t.formToken('endorsement', String(skill.id)),
    });
    expect(endorsement.statusCode, endorsement.body).toBe(201);
    expect((await send('/api/newsletter/subscribe', { email: 'reader@example.com' })).statusCode).toBe(202);
    const [mail] = await db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, 'reader@example.com'))
      .orderBy(desc(notificationOutbox.id));
    const token = /\/newsletter\/confirm\/([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    expect((await send('/api/newsletter/confirm', { token })).statusCode).toBe(200);
    const slots = (await t.app.inject({ url: '/api/booking/slots' })).json() as { slots: string[] };
    const booked = await send('/api/bookings', {
      start: slots.slots[0],
      name: 'Dana Baker',
      email: 'dana@example.com',
      topic: 'An online shop for the bakery',
      timeZone: 'America/New_York',
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const from = '/blog/a-post';
    expect(await goalsCounted()).toEqual(
      [
        'quote',
        'message',
        'resume_request',
        'resume_download',
        'comment',
        'endorsement',
        'newsletter_subscribe',
        'newsletter_confirm',
        'booking',
      ].map((goal) => ({ goal, path: from })),
    );
    // One visitor reached each: the report counts them against the week's visitors.
    const { goals } = await report();
    expect(goals.map((row) => row.goal)).toEqual(GOAL_IDS);
    expect(goals.find((row) => row.goal === 'quote')).toMatchObject({ completions: 1, visitors: 1 });
    expect(goals.find((row) => row.goal === 'demo')).toMatchObject({ completions: 0, visitors: 0, rate: 0 });
  });

  it('counts a form posted to its page without JavaScript exactly as the API does, for the same visitor', async () => {
    const ip = freshIp();
    const posted = await t.app.inject({
      method: 'POST',
      url: '/',
      payload: new URLSearchParams({ ...sampleQuote }).toString(),
      ...as(ip, { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://jordan.example' }),
    });
    expect(posted.json()).toEqual({ status: 201 });
    const byApi = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: sampleQuote,
      ...as(ip),
    });
    expect(byApi.statusCode).toBe(201);
    const rows = await db.select().from(goalEvents);
    expect(rows.map((row) => row.goal)).toEqual(['quote', 'quote']);
    // One visitor (the same address and browser today): two quotes, one visitor.
    expect(new Set(rows.map((row) => row.visitorHash)).size).toBe(1);
    expect((await report()).goals.find((row) => row.goal === 'quote')).toMatchObject({
      completions: 2,
      visitors: 1,
    });
  });

  it('counts nothing for a refusal, a bot, a filled honeypot or the signed-in owner', async () => {
    const ip = freshIp();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...sampleQuote, email: 'not-an-email' },
      ...as(ip),
    });
    expect(refused.statusCode).toBe(400);
    const bot = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: sampleQuote,
      ...as(freshIp(), {
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      }),
    });
    expect(bot.statusCode).toBe(201);
    const honeypot = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'robot@example.com', website: 'https://spam.example' },
      ...as(freshIp()),
    });
    expect(honeypot.statusCode).toBe(202);
    const byOwner = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: sampleQuote,
      ...as(freshIp(), { cookie: owner }),
    });
    expect(byOwner.statusCode).toBe(201);
    expect(await goalsCounted()).toEqual([]);
  });
});

describe('links out: a counted redirect', () => {
  const github = socialLinks.find((link) => link.icon === 'github')?.url;
  const linkedin = socialLinks.find((link) => link.icon === 'linkedin')?.url;
  const live = projects.find((project) => project.liveUrl && project.githubUrl);

  it('sends GitHub, LinkedIn, a live demo and its code where they point, each counted with the page it was on', async () => {
    const ip = freshIp();
    const go = (url: string) => t.app.inject({ url, ...as(ip) });
    const answers = await Promise.all([
      go('/go/github'),
      go('/go/linkedin'),
      go(`/go/demo/${live?.id}`),
      go(`/go/code/${live?.id}`),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.headers.location])).toEqual([
      [302, github],
      [302, linkedin],
      [302, live?.liveUrl],
      [302, live?.githubUrl],
    ]);
    expect(answers[0]?.headers['cache-control']).toBe('no-store');
    expect((await goalsCounted()).sort((a, b) => a.goal.localeCompare(b.goal))).toEqual([
      { goal: 'demo', path: '/blog/a-post' },
      { goal: 'github', path: '/blog/a-post' },
      { goal: 'github', path: '/blog/a-post' },
      { goal: 'linkedin', path: '/blog/a-post' },
    ]);
  });

  it('counts a link once per visitor and day, however often it is followed (issue 62, point 5)', async () => {
    const ip = freshIp();
    const go = (url: string) => t.app.inject({ url, ...as(ip) });
    for (let i = 0; i < 200; i++) expect((await go('/go/linkedin')).statusCode).toBe(302);
    await go(`/go/demo/${live?.id}`);
    await go(`/go/demo/${live?.id}`);
    await t.app.inject({ url: '/go/linkedin', ...as(freshIp()) });
    expect((await goalsCounted()).map((row) => row.goal).sort()).toEqual(['demo', 'linkedin', 'linkedin']);
  });

  it('answers 404 to an address no link makes, and never leads off to an address it was given', async () => {
    for (const url of [
      '/go/threads',
      '/go/https%3A%2F%2Fevil.example',
      '/go/demo/no-such-project',
      '/go/elsewhere/portfolio',
    ]) {
      const answer = await t.app.inject({ url, ...as(freshIp()) });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers.location).toBeUndefined();
    }
    // Past the router's longest parameter: not a link either (the page not found, never a redirect).
    const long = await t.app.inject({ url: `/go/${'x'.repeat(500)}`, ...as(freshIp()) });
    expect(long.statusCode).not.toBe(302);
    expect(long.headers.location).toBeUndefined();
    const noDemo = projects.find((project) => !project.liveUrl);
    if (noDemo) expect((await t.app.inject({ url: `/go/demo/${noDemo.id}` })).statusCode).toBe(404);
    expect(await goalsCounted()).toEqual([]);
  });

  it('still leads a bot on, without counting it; robots are asked not to follow', async () => {
    const answer = await t.app.inject({
      url: '/go/github',
      ...as(freshIp(), { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' }),
    });
    expect(answer.statusCode).toBe(302);
    expect(await goalsCounted()).toEqual([]);
    expect((await t.app.inject({ url: '/robots.txt' })).body).toContain('Disallow: /go/');
  });
});

describe("the report's goals", () => {
  it('gives every goal with its rate of the period’s visitors, and ignores a bucket that is no goal', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await db.insert(analyticsDaily).values([
      { day: today, dimension: 'total', value: '', views: 400, visitors: 200 },
      { day: today, dimension: 'goal', value: 'quote', views: 6, visitors: 5 },
      { day: today, dimension: 'goal', value: 'x'.repeat(10_000), views: 9, visitors: 9 },
    ]);
    const { goals } = await report();
    expect(goals).toHaveLength(GOAL_IDS.length);
    expect(goals.find((row) => row.goal === 'quote')).toEqual({
      goal: 'quote',
      completions: 6,
      visitors: 5,
      rate: 0.025,
    });
    const rows = await db
      .select()
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.dimension, 'goal')));
    expect(rows).toHaveLength(2);
  });

  it('answers an empty period with every goal at zero', async () => {
    const { goals, totals } = await report();
    expect(totals).toEqual({ views: 0, visitors: 0 });
    expect(goals.every((row) => row.completions === 0 && row.rate === 0)).toBe(true);
  });
});

describe('Global Privacy Control (point 9)', () => {
  const settings = (honorGpc: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/analytics/settings',
      payload: { honorGpc },
      headers: { cookie: owner },
    });
  const view = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: { path: '/blog' },
      ...as(freshIp(), headers),
    });
  const quoteFromPage = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/',
      payload: new URLSearchParams({ ...sampleQuote }).toString(),
      ...as(freshIp(), {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://jordan.example',
        ...headers,
      }),
    });
  const counted = async () => {
    const { totals, goals } = await report();
    return { views: totals.views, quotes: goals.find((row) => row.goal === 'quote')?.completions };
  };

  it('counts a browser that sends it until the owner chooses to honour it; then neither its views nor its goals', async () => {
    expect((await t.app.inject({ url: '/api/analytics/privacy' })).json()).toEqual({ honorGpc: false });
    await view({ 'sec-gpc': '1' });
    await quoteFromPage({ 'sec-gpc': '1' });
    expect(await counted()).toEqual({ views: 1, quotes: 1 });

    const saved = await settings(true);
    expect(saved.json()).toEqual({ honorGpc: true });
    expect((await t.app.inject({ url: '/api/analytics/privacy' })).json()).toEqual({ honorGpc: true });
    expect((await report()).settings).toEqual({ honorGpc: true });
    expect((await view({ 'sec-gpc': '1' })).statusCode).toBe(204);
    expect((await quoteFromPage({ 'sec-gpc': '1' })).json()).toEqual({ status: 201 });
    expect((await t.app.inject({ url: '/go/github', ...as(freshIp(), { 'sec-gpc': '1' }) })).statusCode).toBe(
      302,
    );
    expect(await counted()).toEqual({ views: 1, quotes: 1 });
    // A browser without the signal is counted as before.
    await view({});
    await quoteFromPage({});
    expect(await counted()).toEqual({ views: 2, quotes: 2 });
    await settings(false);
  });

  it('refuses a setting that is not a choice, and keeps the one stored', async () => {
    await settings(true);
    for (const bad of ['yes', null, 1]) expect((await settings(bad)).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/admin/analytics/settings',
          payload: { honorGpc: true },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/analytics/privacy' })).json()).toEqual({ honorGpc: true });
    await settings(false);
  });
});

describe('sources with their conversions, joined to the pipeline (point 3, in part)', () => {
  const pageView = (ip: string, path: string, referrer = '') =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: { path, referrer, screenWidth: 390 },
      ...as(ip),
    });
  const sourceTable = (report: AdminAnalytics, dimension: string) =>
    report.sources.find((table) => table.dimension === dimension)?.rows ?? [];

  it('credits a lead from utm_campaign=spring, won at $8,500, to spring, its channel, its landing page and the post it read', async () => {
    await db.delete(quoteRequests);
    await db.delete(analyticsVisits);
    const reader = freshIp();
    const landing = '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring';
    expect((await pageView(reader, landing)).statusCode).toBe(204);
    expect((await pageView(reader, '/blog/a-post')).statusCode).toBe(204);
    // The quote carries the visit's source, as the form sends it from the visit cookie.
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        ...sampleQuote,
        // Its own address: the same request sent again is stored once.
        email: 'spring.lead@example.com',
        source: {
          landingPage: landing,
          utmSource: 'newsletter',
          utmMedium: 'email',
          utmCampaign: 'spring',
          lastRead: '/blog/a-post',
        },
      },
      ...as(reader),
    });
    expect(sent.statusCode).toBe(201);
    const [lead] = await db.select().from(quoteRequests);
    const won = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/quotes/${lead?.id}`,
      payload: { stage: 'won', value: 8500 },
      headers: { cookie: owner },
    });
    expect(won.statusCode, won.body).toBe(200);
    // Another visitor, from a search engine, reaches no goal.
    await pageView(freshIp(), '/', 'https://www.google.com/search?q=key+programming');

    const report1 = await report();
    // The post it read brought the deal; its visitors are those who read it.
    expect(sourceTable(report1, 'read')).toEqual([
      {
        value: '/blog/a-post',
        visitors: 1,
        completions: 1,
        converted: 1,
        rate: 1,
        quotes: 1,
        won: 1,
        wonValueUsd: 8500,
      },
    ]);
    const spring = { value: 'spring', visitors: 1, completions: 1, converted: 1, rate: 1, quotes: 1, won: 1 };
    expect(sourceTable(report1, 'utm_campaign')).toEqual([{ ...spring, wonValueUsd: 8500 }]);
    expect(sourceTable(report1, 'channel')).toEqual([
      { ...spring, value: 'newsletter', wonValueUsd: 8500 },
      {
        value: 'search',
        visitors: 1,
        completions: 0,
        converted: 0,
        rate: 0,
        quotes: 0,
        won: 0,
        wonValueUsd: 0,
      },
    ]);
    expect(sourceTable(report1, 'landing')).toEqual([
      {
        value: '/',
        visitors: 2,
        completions: 1,
        converted: 1,
        rate: 0.5,
        quotes: 1,
        won: 1,
        wonValueUsd: 8500,
      },
    ]);
    // A lead does not keep its device: the device table has visitors and goals only.
    expect(sourceTable(report1, 'visit_device')).toEqual([
      {
        value: 'Mobile',
        visitors: 2,
        completions: 1,
        converted: 1,
        rate: 0.5,
        quotes: null,
        won: null,
        wonValueUsd: null,
      },
    ]);
  });

  it('counts a goal under each post or project read before it that day, and not under one read after', async () => {
    await db.delete(analyticsVisits);
    const ip = freshIp();
    await pageView(ip, '/blog/first-read');
    await pageView(ip, '/projects/keycode-help');
    await pageView(ip, '/blog/first-read');
    await t.app.inject({ url: '/go/github', ...as(ip) });
    await pageView(ip, '/blog/after-the-goal');
    const reads = sourceTable(await report(), 'read').map(({ value, visitors, completions }) => ({
      value,
      visitors,
      completions,
    }));
    expect(reads).toEqual(
      expect.arrayContaining([
        { value: '/blog/first-read', visitors: 1, completions: 1 },
        { value: '/projects/keycode-help', visitors: 1, completions: 1 },
        { value: '/blog/after-the-goal', visitors: 1, completions: 0 },
      ]),
    );
  });

  it('refuses a forged campaign too long for an address quietly, and clips a long one, so no row breaks a report', async () => {
    await db.delete(analyticsVisits);
    await db.delete(quoteRequests);
    const forged = await pageView(freshIp(), `/?utm_campaign=${'x'.repeat(10_000)}`);
    expect(forged.statusCode).toBe(400);
    const long = await pageView(freshIp(), `/?utm_campaign=${'y'.repeat(1_500)}&utm_source=%00%01bad`);
    expect(long.statusCode).toBe(204);
    const [visit] = await db.select().from(analyticsVisits);
    expect(visit?.utmCampaign).toBe('y'.repeat(100));
    expect(visit?.utmSource).toBe('bad');
    expect(sourceTable(await report(), 'utm_campaign').map((row) => row.value)).toEqual(['y'.repeat(100)]);
  });
});
