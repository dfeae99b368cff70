/**
 * Funnels (issue 48, points 2 and 8): the built-in one (visited, read a post or a project, reached
 * the contact form, sent a quote, won) and an owner's, on a seeded set of visits through the API
 * as browsers send them; each filtered by a source; the steps taken in order, one per page view or
 * goal; and bad input: a step that matches nothing, an empty period, a beacon with an unknown goal,
 * a funnel of one step or too many funnels.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { advance, BUILT_IN_FUNNEL, type FunnelStep, parseStep } from '../../../common/funnels.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import { funnelFormSchema, SHARE_SECTIONS } from '../../../common/schemas/analytics.ts';
import {
  analyticsDaily,
  analyticsFunnels,
  analyticsShares,
  analyticsVisits,
  goalEvents,
  quoteRequests,
} from '../../db/schema.ts';
import { analyticsTestApp } from '../../testing/analytics-kit.ts';
import { sampleQuote } from '../../testing/samples.ts';
import { freshIp } from '../../testing/test-app.ts';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const { t, db, owner } = await analyticsTestApp([goalEvents, analyticsDaily, analyticsVisits, quoteRequests]);
beforeEach(async () => {
  for (const { id } of await db.select({ id: analyticsFunnels.id }).from(analyticsFunnels)) {
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/analytics/funnels/${id}`,
      headers: { cookie: owner },
    });
  }
});

const as = (ip: string) => ({ remoteAddress: ip, headers: { 'user-agent': BROWSER } });
const view = async (ip: string, path: string, referrer = '') => {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/analytics/pageview',
    payload: { path, referrer, screenWidth: 390 },
    ...as(ip),
  });
  expect(answer.statusCode, answer.body).toBe(204);
};
/** The counter's beacon: the contact form scrolled into view. */
const sawForm = async (ip: string, path = '/') => {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/analytics/goal',
    payload: { goal: 'contact_form', path },
    ...as(ip),
  });
  expect(answer.statusCode, answer.body).toBe(204);
};
const quote = async (ip: string, email: string, source: Record<string, string> = {}) => {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { ...sampleQuote, email, source },
    ...as(ip),
  });
  expect(sent.statusCode, sent.body).toBe(201);
};
const win = async (email: string, value: number) => {
  const [lead] = (await db.select().from(quoteRequests)).filter((row) => row.email === email);
  const won = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/quotes/${lead?.id}`,
    payload: { stage: 'won', value },
    headers: { cookie: owner },
  });
  expect(won.statusCode, won.body).toBe(200);
};
const report = async (query = '') => {
  const answer = await t.app.inject({
    url: `/api/admin/analytics?days=7${query}`,
    headers: { cookie: owner },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as AdminAnalytics;
};
const counts = (funnel: AdminAnalytics['funnels'][number] | undefined) =>
  funnel?.steps.map((step) => step.visitors);
const builtIn = async (query = '') => (await report(query)).funnels.find((funnel) => funnel.builtIn);
const addFunnel = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/analytics/funnels',
    payload: payload as object,
    headers: { cookie: owner },
  });

/** Four visits: a newsletter reader who became a client, a project reader, a skipper, a tag browser. */
let seeded = 0;
async function seedVisits() {
  // A new address each time: the same request sent twice is stored once.
  const email = `spring.client.${++seeded}@example.com`;
  const client = freshIp();
  await view(client, '/blog/a-post?utm_source=newsletter&utm_medium=email&utm_campaign=spring');
  await view(client, '/');
  await sawForm(client);
  await quote(client, email, {
    landingPage: '/blog/a-post?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'spring',
  });
  await win(email, 8500);
  const reader = freshIp();
  await view(reader, '/');
  await view(reader, '/projects/key-programmer');
  // Saw the form before reading anything: the funnel's steps are taken in order, so not counted.
  const skipper = freshIp();
  await view(skipper, '/');
  await sawForm(skipper);
  // A tag's list is not a post (`*` is one part of an address).
  await view(freshIp(), '/blog/tag/react');
}

describe('the built-in funnel: from visit to client', () => {
  it('counts the visitors at each step in order, the last from the pipeline', async () => {
    await seedVisits();
    const funnel = await builtIn();
    expect(funnel?.name).toBe('From visit to client');
    expect(funnel?.steps.map((step) => step.label)).toEqual([
      'Visited the site',
      'Read a post or a project',
      'Contact form seen',
      'Quote sent',
      'Won (pipeline)',
    ]);
    expect(counts(funnel)).toEqual([4, 2, 1, 1, 1]);
  });

  it('filters by any source: a campaign, a channel, a landing page, a device (no won deals by device)', async () => {
    await seedVisits();
    expect(counts(await builtIn('&source=utm_campaign:spring'))).toEqual([1, 1, 1, 1, 1]);
    expect(counts(await builtIn('&source=channel:newsletter'))).toEqual([1, 1, 1, 1, 1]);
    expect(counts(await builtIn('&source=channel:direct'))).toEqual([3, 1, 0, 0, 0]);
    expect(counts(await builtIn('&source=landing:/'))).toEqual([2, 1, 0, 0, 0]);
    expect(counts(await builtIn('&source=visit_device:Mobile'))).toEqual([4, 2, 1, 1, null]);
    expect((await report('&source=utm_campaign:spring')).filter).toEqual({
      dimension: 'utm_campaign',
      value: 'spring',
    });
    // A source nobody came from: zeros, never an error.
    expect(counts(await builtIn('&source=utm_campaign:autumn'))).toEqual([0, 0, 0, 0, 0]);
  });

  it('counts a visit once at each step, even when two of its page views arrive at the same moment', async () => {
    const ip = freshIp();
    await Promise.all([view(ip, '/blog/one'), view(ip, '/blog/two'), view(ip, '/projects/three')]);
    expect(counts(await builtIn())).toEqual([1, 1, 0, 0, 0]);
  });

  it('answers an empty period with zeros', async () => {
    const funnel = await builtIn();
    expect(counts(funnel)).toEqual([0, 0, 0, 0, 0]);
    // The page step matches no page counted in the period, as nothing was.
    expect(funnel?.steps[1]?.pageSeen).toBe(false);
  });
});

describe('funnels the owner defines', () => {
  it('counts from the day it was made, steps in order, one step per page view or goal', async () => {
    const made = await addFunnel({
      name: 'Two posts, then a quote',
      steps: [
        { kind: 'page', paths: ['/blog/*'] },
        { kind: 'page', paths: ['/blog/*'] },
        { kind: 'goal', goal: 'quote' },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const keen = freshIp();
    await view(keen, '/blog/one');
    await view(keen, '/blog/two');
    await quote(keen, 'keen@example.com');
    const once = freshIp();
    await view(once, '/blog/one');
    await quote(once, 'once@example.com');
    const [, mine] = (await report()).funnels;
    expect(mine).toMatchObject({ name: 'Two posts, then a quote', builtIn: false });
    expect(mine?.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(counts(mine)).toEqual([2, 1, 1]);
  });

  it('says when a step matches no page counted in the period, and counts nothing after it', async () => {
    const made = await addFunnel({
      name: 'A typo',
      steps: [
        { kind: 'page', paths: ['/'] },
        { kind: 'page', paths: ['/blgo/*'] },
        { kind: 'goal', goal: 'quote' },
      ],
    });
    expect(made.statusCode).toBe(201);
    const ip = freshIp();
    await view(ip, '/');
    await view(ip, '/blog/a-post');
    await quote(ip, 'typo@example.com');
    const [, typo] = (await report()).funnels;
    expect(counts(typo)).toEqual([1, 0, 0]);
    expect(typo?.steps.map((step) => step.pageSeen)).toEqual([null, false, null]);
    // A step of real pages nobody reached in order says the pages were seen.
    await addFunnel({
      name: 'Quote, then a post',
      steps: [
        { kind: 'goal', goal: 'quote' },
        { kind: 'page', paths: ['/blog/*'] },
      ],
    });
    const [, , seen] = (await report()).funnels;
    expect(counts(seen)).toEqual([0, 0]);
    expect(seen?.steps.map((step) => step.pageSeen)).toEqual([null, true]);
  });

  it('removes a funnel with its counts; a second removal is a 404', async () => {
    const made = await addFunnel({
      name: 'Home to form',
      steps: [
        { kind: 'page', paths: ['/'] },
        { kind: 'goal', goal: 'contact_form' },
      ],
    });
    const { id } = made.json() as { id: string };
    const ip = freshIp();
    await view(ip, '/');
    await sawForm(ip);
    expect(counts((await report()).funnels[1])).toEqual([1, 1]);
    // Its counts by source are kept too, and go with it.
    expect(counts((await report('&source=channel:direct')).funnels[1])).toEqual([1, 1]);
    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/analytics/funnels/${id}`,
        headers: { cookie: owner },
      });
    expect((await remove()).statusCode).toBe(204);
    expect((await report()).funnels).toHaveLength(1);
    const left = await db.select().from(analyticsDaily);
    expect(left.filter((row) => row.dimension.startsWith(`funnel:${id}`))).toEqual([]);
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('That funnel does not exist (it may have been removed already).');
  });
});

describe('bad input: a clear message or a quiet refusal, never a 5xx or a row that breaks a report', () => {
  it('refuses a funnel of one step, of nine, without a name, or with a step that is not a page or goal', async () => {
    const page = (path: string): FunnelStep => ({ kind: 'page', paths: [path] });
    const cases: [unknown, string][] = [
      [{ name: 'One', steps: [page('/')] }, 'A funnel has 2 to 8 steps.'],
      [{ name: 'Nine', steps: Array.from({ length: 9 }, () => page('/')) }, 'A funnel has 2 to 8 steps.'],
      [{ name: ' ', steps: [page('/'), page('/blog/*')] }, 'Name the funnel.'],
      [{ name: 'Offsite', steps: [page('/'), page('https://evil.example/')] }, 'Step 2'],
      [{ name: 'Query', steps: [page('/'), page('/blog?x=1')] }, 'Step 2'],
      [{ name: 'Goal', steps: [page('/'), { kind: 'goal', goal: 'nope' }] }, ''],
      [{ name: 'Won', steps: [page('/'), { kind: 'won' }] }, ''],
    ];
    for (const [payload, message] of cases) {
      const answer = await addFunnel(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.body).toContain(message);
    }
    expect(await db.select().from(analyticsFunnels)).toEqual([]);
  });

  it('keeps at most 10 funnels, and says so', async () => {
    const steps = [
      { kind: 'page', paths: ['/'] },
      { kind: 'goal', goal: 'quote' },
    ];
    for (let i = 0; i < 10; i++) expect((await addFunnel({ name: `F${i}`, steps })).statusCode).toBe(201);
    const eleventh = await addFunnel({ name: 'F10', steps });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe('You can keep 10 funnels. Remove one to add another.');
  });

  it('refuses a hand-made beacon with an unknown or a form goal, and stores nothing', async () => {
    const ip = freshIp();
    for (const goal of ['quote', 'made-up', '']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/analytics/goal',
        payload: { goal, path: '/' },
        ...as(ip),
      });
      expect(answer.statusCode).toBe(400);
    }
    expect(await db.select().from(goalEvents)).toEqual([]);
  });

  it('refuses a report filtered by a source that is not one, and lets the owner only see or change funnels', async () => {
    // A visit reads many posts: the funnels are not counted by post read.
    for (const source of [
      'nope:x',
      'channel',
      'channel:',
      `channel:${'x'.repeat(400)}`,
      'read:/blog/a-post',
    ]) {
      const answer = await t.app.inject({
        url: `/api/admin/analytics?source=${encodeURIComponent(source)}`,
        headers: { cookie: owner },
      });
      expect(answer.statusCode, source).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/admin/analytics' })).statusCode).toBe(401);
    const steps = [
      { kind: 'page', paths: ['/'] },
      { kind: 'goal', goal: 'quote' },
    ];
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/admin/analytics/funnels',
      payload: { name: 'Mine', steps },
    });
    expect(stranger.statusCode).toBe(401);
  });
});

describe('steps as the owner types them', () => {
  it('reads pages and goals, and says what is wrong with a step', () => {
    expect(parseStep('/blog/* /projects/*')).toEqual({ kind: 'page', paths: ['/blog/*', '/projects/*'] });
    expect(parseStep('quote sent')).toEqual({ kind: 'goal', goal: 'quote' });
    expect(parseStep('Contact form seen')).toEqual({ kind: 'goal', goal: 'contact_form' });
    expect(parseStep('blog')).toEqual({
      problem: 'is neither a page address (starting with /) nor a goal from the list',
    });
    const form = funnelFormSchema.safeParse({ name: 'Mine', step1: '/', step2: '', step3: 'Quote sent' });
    expect(form.success && form.data.steps).toEqual([
      { kind: 'page', paths: ['/'] },
      { kind: 'goal', goal: 'quote' },
    ]);
    const wrong = funnelFormSchema.safeParse({ name: 'Mine', step1: '/', step2: 'blog' });
    expect(wrong.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      {
        path: ['step2'],
        message: 'Step 2 is neither a page address (starting with /) nor a goal from the list.',
      },
    ]);
    const short = funnelFormSchema.safeParse({ name: 'Mine', step1: '/' });
    expect(short.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['steps'], message: 'A funnel has 2 to 8 steps.' },
    ]);
  });

  it('moves one step per event, and a visit passes "visited" with its first event', () => {
    const steps = BUILT_IN_FUNNEL.steps;
    expect(advance(steps, 0, { page: '/blog/a-post/' })).toBe(2);
    expect(advance(steps, 0, { page: '/' })).toBe(1);
    expect(advance(steps, 1, { goal: 'quote' })).toBe(1);
    expect(advance(steps, 2, { goal: 'contact_form' })).toBe(3);
    // Won is never reached by a visit's event: the pipeline says it.
    expect(advance(steps, 4, { goal: 'quote' })).toBe(4);
  });
});

describe('each report as CSV (point 6)', () => {
  const exported = (query: string) =>
    t.app.inject({ url: `/api/admin/analytics/export.csv?days=7&${query}`, headers: { cookie: owner } });

  it('exports the goals, a Sources table and a funnel, of one source when asked', async () => {
    await seedVisits();
    const goals = await exported('report=goals');
    expect(goals.statusCode).toBe(200);
    expect(goals.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(goals.headers['content-disposition']).toMatch(
      /^attachment; filename="analytics-goals-7-days-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = goals.body.split('\r\n');
    expect(lines[0]).toBe('goal,reached,visitors,rate_percent');
    expect(lines).toContain('Contact form seen,2,2,50.0');
    expect(lines).toContain('Quote sent,1,1,25.0');

    const campaigns = await exported('report=sources:utm_campaign');
    expect(campaigns.body).toBe(
      'campaign,visitors,goals,visitors_with_a_goal,rate_percent,requests,won,won_value_usd\r\nspring,1,2,1,100.0,1,1,8500\r\n',
    );
    const funnel = await exported(
      `report=funnel:built-in&source=${encodeURIComponent('channel:newsletter')}`,
    );
    expect(funnel.body).toBe(
      'step,visitors\r\n1. Visited the site,1\r\n2. Read a post or a project,1\r\n3. Contact form seen,1\r\n4. Quote sent,1\r\n5. Won (pipeline),1\r\n',
    );
  });

  it('defuses a value a spreadsheet would run as a formula, and quotes one with a comma', async () => {
    await view(freshIp(), '/?utm_campaign=%3DHYPERLINK(%22x%22)&utm_source=a,b');
    const campaigns = await exported('report=sources:utm_campaign');
    expect(campaigns.body.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",1,0,0,0.0,0,0,0`);
    const sources = await exported('report=sources:utm_source');
    expect(sources.body.split('\r\n')[1]).toBe('"a,b",1,0,0,0.0,0,0,0');
  });

  it('answers 404 for a report there is not, and 401 to a stranger', async () => {
    for (const report of ['nope', 'sources:nope', 'funnel:999', '']) {
      const answer = await exported(`report=${encodeURIComponent(report)}`);
      expect(answer.statusCode, report).toBe(404);
    }
    const stranger = await t.app.inject({ url: '/api/admin/analytics/export.csv?report=goals' });
    expect(stranger.statusCode).toBe(401);
  });
});

describe('a read-only link to the analytics (point 6)', () => {
  const make = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/analytics/shares',
      payload: payload as object,
      headers: { cookie: owner },
    });
  const shared = (token: string) => t.app.inject({ url: `/api/analytics/shared/${token}` });

  it('shows only the chosen parts to whoever has it, and nothing once revoked', async () => {
    await seedVisits();
    const made = await make({ label: 'Alex, my accountant', sections: ['summary', 'goals'] });
    expect(made.statusCode, made.body).toBe(201);
    const { id, token } = made.json() as { id: number; token: string };
    expect(token).toMatch(/^[\w-]{32}$/);
    // The token is shown this once: the list and the database keep none of it.
    const list = await t.app.inject({ url: '/api/admin/analytics/shares', headers: { cookie: owner } });
    expect(list.json()).toEqual([
      { id, label: 'Alex, my accountant', sections: ['summary', 'goals'], createdAt: expect.any(String) },
    ]);
    expect(JSON.stringify(await db.select().from(analyticsShares))).not.toContain(token);

    // Its reader's visit is not counted: the page's address holds the token.
    await view(freshIp(), `/shared/analytics/${token}`);
    const read = await shared(token);
    expect(read.statusCode).toBe(200);
    expect(JSON.stringify((await report()).topPages)).not.toContain(token);
    expect(read.headers['cache-control']).toBe('private, no-store');
    const body = read.json() as { label: string; report: Partial<AdminAnalytics> };
    expect(body.label).toBe('Alex, my accountant');
    expect(Object.keys(body.report).sort()).toEqual([
      'days',
      'devices',
      'goals',
      'previous',
      'rightNow',
      'totals',
    ]);
    expect(body.report.totals?.visitors).toBe(4);
    // No sources, funnels, settings or won value.
    expect(read.body).not.toContain('8500');
    expect(read.body).not.toContain('honorGpc');

    const revoke = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/analytics/shares/${id}`,
        headers: { cookie: owner },
      });
    expect((await revoke()).statusCode).toBe(204);
    const after = await shared(token);
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe('This link no longer works. Ask for a new one.');
    expect((await revoke()).statusCode).toBe(404);
  });

  it('never counts nor shows a private address: its secret reaches no report and no link (issue 62)', async () => {
    const secret = 'Pr1vateT0kenOfAVisitor';
    const privatePages = [
      `/booking/${secret}`,
      `/booking/${secret}?change=move`,
      `/testimonial/${secret}`,
      `/newsletter/confirm/${secret}`,
      `/newsletter/unsubscribe/${secret}`,
      `/shared/analytics/${secret}`,
      `/blog/a-draft?preview=${secret}`,
      `/auth?link=${secret}`,
      `/resume?request=${secret}`,
    ];
    for (const path of privatePages) {
      await view(freshIp(), path);
      await sawForm(freshIp(), path);
    }
    // Counted before the analytics left them out: in the roll-ups, as pages and as landing pages.
    const today = new Date().toISOString().slice(0, 10);
    await db.insert(analyticsDaily).values([
      { day: today, dimension: 'path', value: `/booking/${secret}`, views: 3, visitors: 3 },
      { day: today, dimension: 'landing', value: `/testimonial/${secret}`, views: 2, visitors: 2 },
    ]);
    await view(freshIp(), '/blog');
    const owners = await report();
    expect(owners.topPages.map((row) => row.path)).toEqual(['/blog']);
    expect(owners.goals.find((goal) => goal.goal === 'contact_form')?.completions).toBe(0);
    expect(JSON.stringify(owners)).not.toContain(secret);
    const made = await make({ label: 'Everything', sections: SHARE_SECTIONS.map((section) => section.id) });
    const read = await shared((made.json() as { token: string }).token);
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain('/blog');
    expect(read.body).not.toContain(secret);
    const csv = await t.app.inject({
      url: '/api/admin/analytics/export.csv?report=pages',
      headers: { cookie: owner },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).not.toContain(secret);
  });

  it('refuses a link with nothing to show or no name, a made-up token, and a stranger', async () => {
    expect((await make({ label: 'Empty', sections: [] })).json().message).toContain(
      'Choose at least one thing to show.',
    );
    expect((await make({ label: ' ', sections: ['goals'] })).statusCode).toBe(400);
    expect((await make({ label: 'Odd', sections: ['settings'] })).statusCode).toBe(400);
    expect((await shared('made-up-token')).statusCode).toBe(404);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/admin/analytics/shares',
      payload: { label: 'Me', sections: ['goals'] },
    });
    expect(stranger.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/analytics/shares' })).statusCode).toBe(401);
  });
});
