import { afterAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../../common/schemas/blog.ts';
import { samplePostText, tampered } from '../../testing/samples.ts';
import { signedInTestApp } from '../../testing/test-app.ts';
import { manualClock, manualClockWithTimers } from '../../testing/test-clock.ts';
import { createPublisher } from './schedule.ts';

const HOUR = 3_600_000;
const clock = manualClockWithTimers('2026-11-24T09:00:00Z');

async function createPost(values: Record<string, unknown>) {
  const res = await t.writePost(admin, {
    ...samplePostText,
    coverImage: '/images/blog/repair-before-replace.webp',
    ...values,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; slug: string; status: string; previewToken: string | null };
}

const read = (url: string, cookie?: string) =>
  t.app.inject({ url, ...(cookie ? { headers: { cookie } } : {}) });

/** Lets the publisher's database look-up finish. */
const settle = () => t.app.publisher.rearm();

const { t, admin, user } = await signedInTestApp({ env: { PUBLIC_URL: 'https://jordan.example' }, clock });
afterAll(() => t.close());

describe('a draft', () => {
  it('is read by the owner at its own address, and by nobody else', async () => {
    const draft = await createPost({ title: 'A draft in progress', slug: 'a-draft-in-progress' });
    expect(draft.status).toBe('draft');
    expect((await read('/api/blog/a-draft-in-progress')).statusCode).toBe(404);
    const owner = await read('/api/admin/posts/by-slug/a-draft-in-progress', admin);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect((owner.json() as BlogPost).status).toBe('draft');
    expect((await read('/api/admin/posts/by-slug/a-draft-in-progress', user)).statusCode).toBe(403);
    expect((await read('/api/admin/posts/by-slug/a-draft-in-progress')).statusCode).toBe(401);
  });

  it('opens to whoever holds its preview link until the owner revokes it', async () => {
    const draft = await createPost({ title: 'A draft to share', slug: 'a-draft-to-share' });
    expect(draft.previewToken).toBeNull();
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/admin/posts/${draft.id}/preview-link`,
      headers: { cookie: admin },
    });
    expect(opened.statusCode).toBe(200);
    const token = (opened.json() as { previewToken: string }).previewToken;
    expect(token).toMatch(/^[\w-]{32}$/);
    // Not open to anyone without it, nor to someone guessing.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/posts/${draft.id}/preview-link`,
          headers: { cookie: user },
        })
      ).statusCode,
    ).toBe(403);
    expect((await read('/api/blog/a-draft-to-share/preview?token=wrong')).statusCode).toBe(404);
    expect((await read(`/api/blog/a-draft-to-share/preview?token=${tampered(token)}`)).statusCode).toBe(404);
    const shared = await read(`/api/blog/a-draft-to-share/preview?token=${token}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['cache-control']).toBe('no-store');
    expect((shared.json() as BlogPost).title).toBe('A draft to share');
    // The token opens only its own post.
    expect((await read(`/api/blog/a-draft-in-progress/preview?token=${token}`)).statusCode).toBe(404);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/posts/${draft.id}/preview-link`,
      headers: { cookie: admin },
    });
    expect((revoked.json() as { previewToken: null }).previewToken).toBeNull();
    expect((await read(`/api/blog/a-draft-to-share/preview?token=${token}`)).statusCode).toBe(404);
  });
});

describe('a scheduled post', () => {
  it('appears on the site, in the feeds and in the sitemap when its time comes, without a restart', async () => {
    const at = new Date(clock.now().getTime() + 2 * HOUR);
    const post = await createPost({
      title: 'Scheduled for later today',
      slug: 'scheduled-for-later',
      isPublished: true,
      publishAt: at.toISOString(),
    });
    expect(post.status).toBe('scheduled');
    await settle();
    expect(t.app.publisher.dueAt?.toISOString()).toBe(at.toISOString());
    const hidden = async () => {
      expect((await read('/api/blog/scheduled-for-later')).statusCode).toBe(404);
      expect((await read('/rss.xml')).body).not.toContain('scheduled-for-later');
      expect((await read('/sitemap.xml')).body).not.toContain('scheduled-for-later');
      expect((await read('/api/blog')).body).not.toContain('scheduled-for-later');
    };
    await hidden();
    const list = (await read('/api/admin/posts', admin)).json() as {
      items: { slug: string; status: string }[];
    };
    expect(list.items.find((item) => item.slug === 'scheduled-for-later')?.status).toBe('scheduled');

    clock.advance(HOUR);
    await settle();
    await hidden();

    clock.advance(HOUR + 1000);
    await settle();
    expect((await read('/api/blog/scheduled-for-later')).statusCode).toBe(200);
    expect((await read('/rss.xml')).body).toContain('https://jordan.example/blog/scheduled-for-later');
    expect((await read('/feed.json')).body).toContain('scheduled-for-later');
    expect((await read('/sitemap.xml')).body).toContain('https://jordan.example/blog/scheduled-for-later');
    expect((await read('/api/blog')).body).toContain('scheduled-for-later');
    expect(t.app.publisher.dueAt).toBeNull();
  });

  it('goes live at once when the owner clears its time', async () => {
    const post = await createPost({
      title: 'Scheduled then published now',
      slug: 'scheduled-then-now',
      isPublished: true,
      publishAt: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    expect((await read('/api/blog/scheduled-then-now')).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/posts/${post.id}`,
      headers: { cookie: admin },
      payload: { publishAt: null },
    });
    expect((res.json() as { status: string }).status).toBe('published');
    expect((await read('/api/blog/scheduled-then-now')).statusCode).toBe(200);
  });

  it('is refused with the form message for a time that is not a date', async () => {
    const res = await t.writePost(admin, {
      title: 'Bad time',
      slug: 'bad-time',
      ...samplePostText,
      publishAt: 'next tuesday',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Publish time must be a valid date and time');
  });
});

describe('the publisher', () => {
  it('sleeps at most a minute at a time, so a far-off time is reached in steps', async () => {
    const far = manualClockWithTimers('2026-01-01T00:00:00Z');
    let published = 0;
    const at = new Date('2026-01-01T00:05:00Z');
    const publisher = createPublisher({
      nextScheduledAt: async () => (far.now() < at ? at : null),
      publishDue: () => {
        published++;
      },
      now: far.now,
      timers: far.timers,
    });
    await publisher.rearm();
    for (let minute = 0; minute < 4; minute++) {
      far.advance(60_000);
      await publisher.rearm();
    }
    expect(published).toBe(0);
    far.advance(60_000);
    await publisher.rearm();
    expect(published).toBe(1);
    expect(far.pending).toBe(0);
    publisher.stop();
  });

  it('still tells a post whose time passed before its timer could fire (a look-up came first), once', async () => {
    // The time moves on while the publisher's timer has not had its turn yet (a busy process).
    const time = manualClock('2026-01-01T00:00:00Z');
    const turns = manualClockWithTimers('2026-01-01T00:00:00Z');
    let published = 0;
    const at = new Date('2026-01-01T01:00:00Z');
    const publisher = createPublisher({
      nextScheduledAt: async () => (time.now() < at ? at : null),
      publishDue: () => {
        published++;
      },
      now: time.now,
      timers: turns.timers,
      maxSleepMs: 2 * HOUR,
    });
    await publisher.rearm();
    time.advance(HOUR + 1000);
    // A write's look-up comes before the timer's turn: nothing is scheduled any more.
    await publisher.rearm();
    expect(published).toBe(1);
    await publisher.rearm();
    turns.advance(2 * HOUR);
    expect(published).toBe(1);
    publisher.stop();
  });
});

describe('a published post', () => {
  it('names the posts before and after it and up to three related by shared tags', async () => {
    const base = clock.now().getTime() - 30 * 24 * HOUR;
    const make = (slug: string, days: number, tags: string[]) =>
      createPost({
        title: `Neighbour ${slug}`,
        slug,
        tags,
        isPublished: true,
        publishAt: new Date(base + days * 24 * HOUR).toISOString(),
      });
    await make('nb-one', 1, ['Locks', 'Keys']);
    await make('nb-two', 2, ['Unrelated']);
    await make('nb-three', 3, ['Locks', 'Keys', 'Cars']);
    await make('nb-four', 4, ['Keys']);
    await make('nb-draft', 5, ['Locks', 'Keys', 'Cars']).then((draft) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/posts/${draft.id}`,
        headers: { cookie: admin },
        payload: { isPublished: false },
      }),
    );
    const post = (await read('/api/blog/nb-three')).json() as BlogPost;
    expect(post.previous).toEqual({ slug: 'nb-two', title: 'Neighbour nb-two' });
    expect(post.next).toEqual({ slug: 'nb-four', title: 'Neighbour nb-four' });
    // Most shared tags first; drafts never.
    expect(post.related.map((related) => related.slug)).toEqual(['nb-one', 'nb-four']);
    const oldest = (await read('/api/blog/nb-one')).json() as BlogPost;
    expect(oldest.related.map((related) => related.slug)).toEqual(['nb-three', 'nb-four']);
  });
});
