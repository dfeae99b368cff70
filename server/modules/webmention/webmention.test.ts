/**
 * Webmention (issue 47, point 7) against stand-in sites on 127.0.0.1: a received mention is kept for
 * the owner once its page links to the post, listed under the post once approved, and taken away
 * when its page stops linking or is gone; bad requests are refused with 400. A post that goes live
 * tells each page elsewhere it links to, through the endpoint that page names (W3C discovery).
 * The sites have a public address (PUBLIC_URL) and may reach this machine
 * (OUTBOUND_ALLOW_PRIVATE_ADDRESSES). The round trip between two sites of this project, with their
 * real pages, is e2e/webmention.spec.ts.
 */
import { createServer as createHttpServer } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerMention, PublicMention } from '../../../common/schemas/webmention.ts';
import { mentionsPath } from '../../../common/webmention.ts';
import { webmentionSends, webmentions } from '../../db/schema.ts';
import { freePort } from '../../testing/ports.ts';
import { samplePostText } from '../../testing/samples.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';
import { RECEIVED_TEXT } from './module.ts';
import {
  MAX_WAITING_PER_POST,
  MAX_WAITING_PER_SITE,
  TOO_MANY_FROM_SITE,
  TOO_MANY_ON_POST,
} from './service.ts';

interface Site {
  t: TestApp;
  url: string;
  owner: string;
}
let sender: Site;
let receiver: Site;

async function startSite(): Promise<Site> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ env: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1', PUBLIC_URL: url } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, url, owner: await t.signIn('admin') };
}

beforeAll(async () => {
  [sender, receiver] = await Promise.all([startSite(), startSite()]);
});
afterAll(async () => {
  await sender?.t.close();
  await receiver?.t.close();
});

const owners = async (
  site: Site,
  method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  payload?: object,
) => {
  const answer = await site.t.app.inject({
    method,
    url,
    headers: { cookie: site.owner },
    ...(payload ? { payload } : {}),
  });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.body ? answer.json() : null;
};
const publish = async (site: Site, slug: string, content: string) =>
  (await owners(site, 'POST', '/api/blog', {
    title: `A post called ${slug}`,
    slug,
    summary: 'A post between two sites that mention each other.',
    content,
    tags: 'Webmention',
    isPublished: true,
  })) as { id: number };
const mentions = async (site: Site) =>
  ((await owners(site, 'GET', '/api/admin/mentions')) as { mentions: OwnerMention[] }).mentions;
/** What another site posts to an endpoint. */
const mention = (site: Site, form: Record<string, string>) =>
  fetch(`${site.url}/webmention`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
const sends = (postId: number) =>
  sender.t.database.db.select().from(webmentionSends).where(eq(webmentionSends.postId, postId));

/** Another site on 127.0.0.1: pages the test writes, and what was posted to it. */
interface StandIn {
  url: string;
  pages: Map<string, { status?: number; html?: string; location?: string; link?: string }>;
  posted: { path: string; form: Record<string, string> }[];
  /** The pages asked for. */
  read: string[];
  close(): Promise<void>;
}
async function startStandIn(): Promise<StandIn> {
  const pages: StandIn['pages'] = new Map();
  const posted: StandIn['posted'] = [];
  const read: string[] = [];
  const server = createHttpServer((request, response) => {
    const path = request.url ?? '/';
    if (request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        posted.push({ path, form: Object.fromEntries(new URLSearchParams(body)) });
        response.writeHead(pages.get(path)?.status ?? 202).end();
      });
      return;
    }
    read.push(path);
    const page = pages.get(path);
    if (!page) return response.writeHead(404).end('Not here');
    response.writeHead(page.status ?? 200, {
      'content-type': 'text/html; charset=utf-8',
      ...(page.location ? { location: page.location } : {}),
      ...(page.link ? { link: page.link } : {}),
    });
    response.end(page.html ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    pages,
    posted,
    read,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('Webmentions received', () => {
  it('a page that links to a post is kept for the owner, shown once approved, and goes when its link goes', async () => {
    const other = await startStandIn();
    try {
      const post = await publish(
        receiver,
        'the-mentioned-post',
        'A post that another site will link to, long enough.',
      );
      const target = `${receiver.url}/blog/the-mentioned-post`;
      const note = (link: boolean) =>
        `<title>Notes | Ada</title><article class="h-entry"><h1 class="p-name">Ada's <b>note</b></h1><a class="p-author h-card" href="/">Ada Lovelace</a>${link ? `<p>Read <a href="${target}#comments">this post</a>.</p>` : '<p>No link now.</p>'}</article>`;
      other.pages.set('/notes/1', { html: note(true) });
      const source = `${other.url}/notes/1`;

      const answer = await mention(receiver, { source, target });
      expect(answer.status).toBe(202);
      expect(await answer.text()).toBe(RECEIVED_TEXT);
      // Nothing is listed or shown before its page was read and found to link to the post.
      expect(await mentions(receiver)).toEqual([]);
      await receiver.t.app.webmentions.checkDue();
      const [waiting, ...others] = await mentions(receiver);
      expect(others).toEqual([]);
      expect(waiting).toMatchObject({
        status: 'pending',
        source,
        title: "Ada's note",
        author: 'Ada Lovelace',
        site: new URL(other.url).host,
        post: { id: post.id, slug: 'the-mentioned-post' },
      });
      const shown = async () =>
        (await fetch(`${receiver.url}${mentionsPath(post.id)}`).then((r) => r.json())) as PublicMention[];
      expect(await shown()).toEqual([]);

      await owners(receiver, 'POST', `/api/admin/mentions/${waiting?.id}/approve`);
      expect((await shown()).map((row) => row.title)).toEqual(["Ada's note"]);

      // Sent again while the page still links (a title changed): still shown, its title new.
      other.pages.set('/notes/1', { html: note(true).replace("Ada's <b>note</b>", 'A better title') });
      expect((await mention(receiver, { source, target })).status).toBe(202);
      await receiver.t.app.webmentions.checkDue();
      expect((await shown()).map((row) => row.title)).toEqual(['A better title']);

      // The link taken out and the mention sent again (as a sender does after an edit): it goes.
      other.pages.set('/notes/1', { html: note(false) });
      await mention(receiver, { source, target });
      await receiver.t.app.webmentions.checkDue();
      expect(await mentions(receiver)).toEqual([]);
      expect(await shown()).toEqual([]);

      // A page that is gone (410) takes its mention away too.
      other.pages.set('/notes/2', { html: note(true) });
      await mention(receiver, { source: `${other.url}/notes/2`, target });
      await receiver.t.app.webmentions.checkDue();
      expect(await mentions(receiver)).toHaveLength(1);
      other.pages.set('/notes/2', { status: 410 });
      await mention(receiver, { source: `${other.url}/notes/2`, target });
      await receiver.t.app.webmentions.checkDue();
      expect(await mentions(receiver)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('keeps nothing from a source that does not link to the post, or that is gone', async () => {
    await publish(receiver, 'never-linked', 'A post nobody links to, with a body that is long enough.');
    const target = `${receiver.url}/blog/never-linked`;
    expect((await mention(receiver, { source: `${sender.url}/`, target })).status).toBe(202);
    expect((await mention(receiver, { source: `${sender.url}/blog/no-such-post`, target })).status).toBe(202);
    await receiver.t.app.webmentions.checkDue();
    expect((await mentions(receiver)).filter((row) => row.post.slug === 'never-linked')).toEqual([]);
  });
});

describe('Webmentions sent', () => {
  it('a post that goes live tells each page it links to, through the endpoint each one names', async () => {
    const other = await startStandIn();
    try {
      // Found after a redirect, relative to where it ended; a Link header; none; refused; failing.
      other.pages.set('/a-post', { status: 301, location: '/moved/a-post' });
      other.pages.set('/moved/a-post', { html: '<link rel="webmention" href="../endpoint?from=html">' });
      other.pages.set('/by-header', {
        html: '<p>Nothing here.</p>',
        link: '</endpoint?from=header>; rel="webmention"',
      });
      other.pages.set('/no-endpoint', { html: '<p>No endpoint.</p>' });
      other.pages.set('/refuses', { html: '<link rel="webmention" href="/refusing-endpoint">' });
      other.pages.set('/refusing-endpoint', { status: 400 });
      other.pages.set('/busy', { html: '<link rel="webmention" href="/busy-endpoint">' });
      other.pages.set('/busy-endpoint', { status: 503 });
      const links = ['/a-post', '/by-header', '/no-endpoint', '/refuses', '/busy'];
      const post = await publish(
        sender,
        'the-mentioning-post',
        `Links: ${links.map((path) => `[${path}](${other.url}${path})`).join(', ')}, and [a post here](${sender.url}/blog/x).`,
      );
      // Queued once per page elsewhere (its going live queued them already: none again).
      await expect.poll(async () => (await sends(post.id)).length).toBe(5);
      expect(await sender.t.app.webmentions.queueFor(post.id)).toBe(0);
      await sender.t.app.webmentions.sendDue();

      const source = `${sender.url}/blog/the-mentioning-post`;
      expect(other.posted.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
        { path: '/busy-endpoint', form: { source, target: `${other.url}/busy` } },
        { path: '/endpoint?from=header', form: { source, target: `${other.url}/by-header` } },
        { path: '/endpoint?from=html', form: { source, target: `${other.url}/a-post` } },
        { path: '/refusing-endpoint', form: { source, target: `${other.url}/refuses` } },
      ]);
      const state = Object.fromEntries(
        (await sends(post.id)).map((row) => [new URL(row.target).pathname, [row.status, row.attempts]]),
      );
      expect(state).toEqual({
        '/a-post': ['sent', 1],
        '/by-header': ['sent', 1],
        '/no-endpoint': ['sent', 1],
        // A refusal is not asked again; a failure is, later.
        '/refuses': ['failed', 8],
        '/busy': ['pending', 1],
      });
      // Asked again now, nothing is sent twice (the busy one's time has not come).
      await sender.t.app.webmentions.sendDue();
      expect(other.posted).toHaveLength(4);
    } finally {
      await other.close();
    }
  });

  it('refuses what is not a Webmention of a live post here, with a 400 that says why', async () => {
    await publish(receiver, 'refusals', 'A post for the refusals, with a body that is long enough.');
    const target = `${receiver.url}/blog/refusals`;
    const cases: [Record<string, string>, string][] = [
      [{ target }, 'Source is required'],
      [{ source: 'ftp://files.example/x', target }, 'Source must be an http or https address'],
      [{ source: target, target }, 'The source and the target must be different pages'],
      [
        { source: 'https://a.example/x', target: `${receiver.url}/blog/no-such-post` },
        'The target is not a post on this site',
      ],
      [
        { source: 'https://a.example/x', target: 'https://elsewhere.example/blog/refusals' },
        'The target is not a post on this site',
      ],
      [
        { source: 'https://a.example/x', target: `${receiver.url}/projects/keycode-help` },
        'The target is not a post on this site',
      ],
    ];
    for (const [form, message] of cases) {
      const answer = await mention(receiver, form);
      expect(answer.status, JSON.stringify(form)).toBe(400);
      expect(await answer.text()).toBe(message);
    }
    expect((await mentions(receiver)).filter((row) => row.post.slug === 'refusals')).toEqual([]);
  });

  it('lets only so many mentions wait from one site and on one post; one sent again is not new (issue 62)', async () => {
    const post = await publish(
      receiver,
      'flooded',
      'A post that a thousand pages say they mention, long enough.',
    );
    const target = `${receiver.url}/blog/flooded`;
    // Each from an address of its own, as a thousand machines would send them (port 9: nothing there).
    const send = (source: string) =>
      receiver.t.app.inject({
        method: 'POST',
        url: '/webmention',
        remoteAddress: freshIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ source, target }).toString(),
      });
    for (let n = 0; n < MAX_WAITING_PER_SITE; n++) {
      expect((await send(`http://127.0.0.1:9/page-${n}`)).statusCode).toBe(202);
    }
    // Another port or a user name in the address is the same site.
    const fromSite = await send('http://someone@127.0.0.1:81/one-more');
    expect(fromSite.statusCode).toBe(429);
    expect(fromSite.body).toBe(TOO_MANY_FROM_SITE);
    // The same page again is the same mention, to be read again.
    expect((await send('http://127.0.0.1:9/page-0')).statusCode).toBe(202);
    for (let n = 2; n < 2 + MAX_WAITING_PER_POST - MAX_WAITING_PER_SITE; n++) {
      expect((await send(`http://127.0.0.${n}:9/page`)).statusCode).toBe(202);
    }
    const onPost = await send('http://127.0.0.250:9/page');
    expect(onPost.statusCode).toBe(429);
    expect(onPost.body).toBe(TOO_MANY_ON_POST);
    const waiting = await receiver.t.database.db
      .select()
      .from(webmentions)
      .where(eq(webmentions.postId, post.id));
    expect(waiting).toHaveLength(MAX_WAITING_PER_POST);
    await receiver.t.database.db.delete(webmentions).where(eq(webmentions.postId, post.id));
  });

  it('reads no source on a private address unless the test-only setting allows it', async () => {
    const other = await startStandIn();
    const t = await createTestApp();
    try {
      const owner = await t.signIn('admin');
      const created = await t.writePost(owner, {
        title: 'A guarded post',
        slug: 'a-guarded-post',
        ...samplePostText,
        isPublished: true,
      });
      expect(created.statusCode).toBe(201);
      const target = 'http://localhost:3000/blog/a-guarded-post';
      other.pages.set('/links', { html: `<a href="${target}">it</a>` });
      const answer = await t.app.inject({
        method: 'POST',
        url: '/webmention',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:3000' },
        payload: new URLSearchParams({ source: `${other.url}/links`, target }).toString(),
      });
      expect(answer.statusCode, answer.body).toBe(202);
      await t.app.webmentions.checkDue();
      expect(other.read).toEqual([]);
      const listed = await t.app.inject({ url: '/api/admin/mentions', headers: { cookie: owner } });
      expect(listed.json()).toEqual({ mentions: [] });
    } finally {
      await t.close();
      await other.close();
    }
  });

  it('sends nothing from a site without a public address', async () => {
    const t = await createTestApp();
    try {
      const owner = await t.signIn('admin');
      const answer = await t.writePost(owner, {
        title: 'A local post',
        slug: 'a-local-post',
        summary: 'On a site without PUBLIC_URL.',
        content: `A [link](${receiver.url}/blog/the-mentioned-post) from a site nobody can read.`,
        isPublished: true,
      });
      expect(answer.statusCode).toBe(201);
      expect(await t.app.webmentions.queueFor(answer.json().id)).toBe(0);
      expect(
        await t.database.db
          .select()
          .from(webmentionSends)
          .where(eq(webmentionSends.postId, answer.json().id)),
      ).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
