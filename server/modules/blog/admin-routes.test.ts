/** The owner's post routes: writing, editing, the Markdown preview and the generated cover. */
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../db/schema.ts';
import { samplePost as newPost } from '../../testing/samples.ts';
import { caller, signedInTestApp } from '../../testing/test-app.ts';

import { createBlogService } from './service.ts';

const { t, admin: adminCookie, user: userCookie } = await signedInTestApp({ seed: false });
afterAll(() => t.close());
const call = caller(t, adminCookie);

describe('posts', () => {
  it('creates a draft by default, with tags split and an excerpt, invisible to the public', async () => {
    const res = await call('POST', '/api/blog', { ...newPost, slug: 'draft-by-default' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      slug: 'draft-by-default',
      isPublished: false,
      publishedAt: null,
      tags: ['repair', 'notes'],
    });
    expect(res.json().excerpt).toMatch(/^A long enough body/);
    expect((await t.app.inject('/api/blog/draft-by-default')).statusCode).toBe(404);
  });

  it('stores line breaks as \\n however they were sent (a form posted by the browser sends \\r\\n)', async () => {
    const content = `${newPost.content}\r\n\r\nA second paragraph.\rA third line.`;
    const res = await call('POST', '/api/blog', { ...newPost, slug: 'line-breaks', content });
    expect(res.statusCode).toBe(201);
    const stored = (await call('GET', `/api/admin/posts/${res.json().id}`)).json();
    expect(stored.content).toBe(`${newPost.content}\n\nA second paragraph.\nA third line.`);
  });

  it('publishes at once when asked, and the public list shows it without delay', async () => {
    await t.app.inject('/api/blog'); // fill the cache
    const res = await call('POST', '/api/blog', { ...newPost, slug: 'published-now', isPublished: true });
    expect(res.json().publishedAt).not.toBeNull();
    const list = (await t.app.inject('/api/blog')).json();
    expect(list.map((p: { slug: string }) => p.slug)).toContain('published-now');
  });

  it.each([
    ['title', { title: 'Shrt' }, 'Title must be at least 5 characters'],
    ['slug', { slug: 'ab' }, 'Slug must be at least 3 characters'],
    ['slug', { slug: 'Has Spaces' }, 'Slug can only contain lowercase letters, numbers, and hyphens'],
    ['summary', { summary: 'short' }, 'Summary must be at least 10 characters'],
    ['content', { content: 'too short' }, 'Content must be at least 50 characters'],
    ['coverImage', { coverImage: 'not a url' }, 'Cover image must be a valid URL'],
  ])('answers 400 on a bad %s with the spec message', async (field, change, message) => {
    const res = await call('POST', '/api/blog', { ...newPost, slug: 'valid-slug-x', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses a slug that is taken with 409', async () => {
    await call('POST', '/api/blog', { ...newPost, slug: 'taken-slug' });
    const res = await call('POST', '/api/blog', {
      ...newPost,
      title: 'Another post entirely',
      slug: 'taken-slug',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.slug).toBe('A post with this slug already exists');
  });

  it('makes one post of the same post sent twice in a moment (a double press), and both answers name it', async () => {
    const sent = { ...newPost, slug: 'pressed-twice', tags: ['Repair', 'notes'] };
    const [first, second] = await Promise.all([
      call('POST', '/api/blog', sent),
      call('POST', '/api/blog', sent),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().id).toBe(first.json().id);
    const listed = (await call('GET', '/api/admin/posts?pageSize=100')).json().items;
    expect(listed.filter((post: { slug: string }) => post.slug === 'pressed-twice')).toHaveLength(1);
    // Any field changed is another post, which the address refuses.
    for (const change of [
      { content: `${newPost.content} More.` },
      { tags: ['repair'] },
      { isPublished: true },
    ]) {
      expect((await call('POST', '/api/blog', { ...sent, ...change })).statusCode).toBe(409);
    }
  });

  it('edits, publishes, unpublishes and deletes a post', async () => {
    const { id } = (await call('POST', '/api/blog', { ...newPost, slug: 'life-cycle' })).json();
    const edited = await call('PATCH', `/api/admin/posts/${id}`, {
      title: 'Life cycle of a post',
      isPublished: true,
    });
    expect(edited.json()).toMatchObject({ title: 'Life cycle of a post', isPublished: true });
    const publishedAt = edited.json().publishedAt;
    expect(publishedAt).not.toBeNull();
    expect((await t.app.inject('/api/blog/life-cycle')).json().title).toBe('Life cycle of a post');

    const hidden = await call('PATCH', `/api/admin/posts/${id}`, { isPublished: false });
    expect(hidden.json().publishedAt).toBe(publishedAt);
    expect((await t.app.inject('/api/blog/life-cycle')).statusCode).toBe(404);

    expect((await call('DELETE', `/api/admin/posts/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/posts/${id}`)).statusCode).toBe(404);
  });

  it('lists drafts and published posts with paging', async () => {
    const page = (await call('GET', '/api/admin/posts?page=1&pageSize=2')).json();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
  });
});

describe('markdown preview', () => {
  it('renders and sanitises for the admin, and refuses everyone else', async () => {
    const res = await call('POST', '/api/admin/markdown-preview', {
      content: '**bold**\nnext\n\n<script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(200);
    const { html } = res.json();
    expect(html).toContain('<strong>bold</strong><br>');
    expect(html).not.toMatch(/<script|onerror/);
    expect((await call('POST', '/api/admin/markdown-preview', { content: 'x' }, userCookie)).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/admin/markdown-preview', { content: 'x' }, '')).statusCode).toBe(401);
  });
});

describe('a post created without a cover', () => {
  it('gets a generated cover image that is served', async () => {
    const res = await call('POST', '/api/blog', { ...newPost, slug: 'no-cover-given', coverImage: '' });
    expect(res.statusCode).toBe(201);
    const { coverImage } = res.json();
    expect(coverImage).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const image = await t.app.inject(coverImage);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });
});

describe('every post has a cover', () => {
  it('a cover taken away in an edit is drawn anew, and the post keeps its other fields', async () => {
    const res = await call('POST', '/api/blog', { ...newPost, slug: 'cover-taken-away' });
    const { id, coverImage } = res.json();
    const edited = await call('PATCH', `/api/admin/posts/${id}`, { coverImage: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().coverImage).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(edited.json().coverImage).not.toBe(coverImage);
    expect(edited.json()).toMatchObject({ title: newPost.title, slug: 'cover-taken-away' });
  });

  it('posts stored without one (imported before covers were drawn) get one, their last change kept', async () => {
    const drawn: string[] = [];
    const blog = createBlogService(
      t.database.db,
      { invalidate: () => {} },
      {
        coverFor: async (title) => {
          drawn.push(title);
          return `/uploads/${'a'.repeat(31)}${drawn.length}.webp`;
        },
      },
    );
    const bare = await t.database.db
      .insert(blogPosts)
      .values([
        { ...newPost, tags: ['repair'], slug: 'bare-one', title: 'Bare one', coverImage: '', authorId: null },
        {
          ...newPost,
          tags: [],
          slug: 'covered',
          title: 'Covered',
          coverImage: '/images/x.svg',
          authorId: null,
        },
      ])
      .returning();
    const before = bare[0]?.updatedAt;
    expect(await blog.drawMissingCovers({ pauseMs: 0 })).toBeGreaterThanOrEqual(1);
    expect(drawn).toContain('Bare one');
    expect(drawn).not.toContain('Covered');
    const rows = await t.database.db
      .select()
      .from(blogPosts)
      .where(inArray(blogPosts.slug, ['bare-one', 'covered']));
    const bySlug = Object.fromEntries(rows.map((row) => [row.slug, row]));
    expect(bySlug['bare-one']?.coverImage).toMatch(/^\/uploads\/a{31}\d+\.webp$/);
    expect(bySlug['bare-one']?.updatedAt).toEqual(before);
    expect(bySlug.covered?.coverImage).toBe('/images/x.svg');
    // Run again: nothing left to draw.
    expect(await blog.drawMissingCovers({ pauseMs: 0 })).toBe(0);
  });
});

describe('an edit based on a version saved over since', () => {
  const CHANGED =
    "This post was changed elsewhere after you opened it. Press 'Update Post' again to save your version over it, or reload the page to see the other changes.";
  const stored = async (id: number) => (await call('GET', `/api/admin/posts/${id}`)).json();

  it('is refused with 409, and the post keeps what the other save wrote', async () => {
    const opened = (await call('POST', '/api/blog', { ...newPost, slug: 'edited-twice' })).json();
    // Another tab (or the owner's phone) saves first, from the same version.
    const first = await call('PATCH', `/api/admin/posts/${opened.id}`, {
      title: 'Saved from the phone',
      basedOn: opened.updatedAt,
    });
    expect(first.statusCode, first.body).toBe(200);
    const late = await call('PATCH', `/api/admin/posts/${opened.id}`, {
      summary: 'Typed in the tab that was opened first.',
      basedOn: opened.updatedAt,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      message: CHANGED,
      errors: { basedOn: CHANGED },
    });
    expect(await stored(opened.id)).toMatchObject({
      title: 'Saved from the phone',
      summary: newPost.summary,
      updatedAt: first.json().updatedAt,
    });
    // Sent again on the version it now knows (what the editor does next): saved over it.
    const again = await call('PATCH', `/api/admin/posts/${opened.id}`, {
      summary: 'Typed in the tab that was opened first.',
      basedOn: first.json().updatedAt,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      title: 'Saved from the phone',
      summary: 'Typed in the tab that was opened first.',
    });
  });

  it('two saves from one version at the same moment: one is written, the other refused', async () => {
    const opened = (await call('POST', '/api/blog', { ...newPost, slug: 'saved-at-once' })).json();
    // Two tabs pressed at once: the update's own condition lets one through, whichever comes first.
    const answers = await Promise.all(
      ['first', 'second'].map((tab) =>
        call('PATCH', `/api/admin/posts/${opened.id}`, {
          content: `Written in the ${tab} tab.\n\n\`\`\`ts\nconst tab = '${tab}';\n\`\`\`\n\n${newPost.content}`,
          basedOn: opened.updatedAt,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const written = answers.find((answer) => answer.statusCode === 200)?.json();
    expect((await stored(opened.id)).content).toBe(written.content);
  });

  it('a post stamped by the database (in microseconds, on PostgreSQL) is not taken for changed', async () => {
    const [{ id } = { id: 0 }] = await t.database.db
      .insert(blogPosts)
      .values({ ...newPost, tags: [], slug: 'stamped-by-the-database', authorId: null })
      .returning({ id: blogPosts.id });
    const opened = await stored(id);
    const res = await call('PATCH', `/api/admin/posts/${id}`, {
      title: 'Edited once',
      basedOn: opened.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("is optional: a change without it (the list's publish button, an API client) is written", async () => {
    const opened = (await call('POST', '/api/blog', { ...newPost, slug: 'no-version-sent' })).json();
    await call('PATCH', `/api/admin/posts/${opened.id}`, { title: 'Changed elsewhere first' });
    const res = await call('PATCH', `/api/admin/posts/${opened.id}`, { isPublished: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Changed elsewhere first', isPublished: true });
  });

  it('alone, or not a time, is a 400 and changes nothing', async () => {
    const opened = (await call('POST', '/api/blog', { ...newPost, slug: 'version-alone' })).json();
    const alone = await call('PATCH', `/api/admin/posts/${opened.id}`, { basedOn: opened.updatedAt });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toBe('Send at least one field to change');
    const garbled = await call('PATCH', `/api/admin/posts/${opened.id}`, {
      title: 'Never stored',
      basedOn: 'yesterday',
    });
    expect(garbled.statusCode).toBe(400);
    expect(await stored(opened.id)).toMatchObject({ title: newPost.title, updatedAt: opened.updatedAt });
  });
});

describe('an edit based on a post deleted since', () => {
  const DELETED =
    "This post was deleted elsewhere after you opened it. Press 'Create Post' to save your version as a new post.";

  it('is refused with 404 saying so, and a new post at its slug is then created', async () => {
    const opened = (await call('POST', '/api/blog', { ...newPost, slug: 'deleted-while-open' })).json();
    // The owner's phone deletes it while the laptop's editor is open on it.
    expect((await call('DELETE', `/api/admin/posts/${opened.id}`)).statusCode).toBe(204);
    const late = await call('PATCH', `/api/admin/posts/${opened.id}`, {
      summary: 'Typed in the editor that was still open.',
      basedOn: opened.updatedAt,
    });
    expect(late.statusCode).toBe(404);
    expect(late.json()).toMatchObject({ message: DELETED, errors: { gone: DELETED } });
    expect((await call('GET', `/api/admin/posts/${opened.id}`)).statusCode).toBe(404);
    // What the editor's next press does: the same fields, as a new post.
    const anew = await call('POST', '/api/blog', {
      ...newPost,
      slug: 'deleted-while-open',
      summary: 'Typed in the editor that was still open.',
    });
    expect(anew.statusCode, anew.body).toBe(201);
    expect(anew.json().id).not.toBe(opened.id);
  });

  it('says so too when the delete comes while the save is on its way (between its read and its write)', async () => {
    const opened = (await call('POST', '/api/blog', { ...newPost, slug: 'deleted-mid-save' })).json();
    // The cover drawn anew for a save that took it away is the moment the phone's delete lands.
    const blog = createBlogService(
      t.database.db,
      { invalidate: () => {} },
      {
        coverFor: async () => {
          await call('DELETE', `/api/admin/posts/${opened.id}`);
          return `/uploads/${'b'.repeat(32)}.webp`;
        },
      },
    );
    const late = await blog
      .updatePost(opened.id, { coverImage: '', summary: 'Typed while it went.', basedOn: opened.updatedAt })
      .catch((refusal: unknown) => refusal);
    expect(late).toMatchObject({ statusCode: 404, message: DELETED, errors: { gone: DELETED } });
  });

  it('without a version (an API client) is the plain 404', async () => {
    const res = await call('PATCH', '/api/admin/posts/987654', { title: 'Nobody home' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Post not found' });
    expect(res.json().errors).toBeUndefined();
  });
});

describe('a post given a new address', () => {
  const movedTo = async (path: string) => {
    const res = await t.app.inject(`/api/old-address?path=${encodeURIComponent(path)}`);
    return res.statusCode === 200 ? res.json().location : res.statusCode;
  };
  const rename = async (id: number, slug: string) => {
    const res = await call('PATCH', `/api/admin/posts/${id}`, { slug });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('once out, its old addresses lead to the new one, however often it moves, until one is its own again', async () => {
    const { id } = (
      await call('POST', '/api/blog', { ...newPost, slug: 'first-address', isPublished: true })
    ).json();
    await rename(id, 'second-address');
    expect(await movedTo('/blog/first-address')).toBe('/blog/second-address');
    await rename(id, 'third-address');
    expect(await movedTo('/blog/first-address')).toBe('/blog/third-address');
    expect(await movedTo('/blog/second-address')).toBe('/blog/third-address');
    expect((await t.app.inject('/api/blog/third-address')).statusCode).toBe(200);
    // Back where it began: that address is the post's own, not an old one.
    await rename(id, 'first-address');
    expect(await movedTo('/blog/first-address')).toBe(404);
    expect(await movedTo('/blog/third-address')).toBe('/blog/first-address');
    // Taken off the site, its old addresses lead nowhere; back on, they lead to it again.
    await call('PATCH', `/api/admin/posts/${id}`, { isPublished: false });
    expect(await movedTo('/blog/second-address')).toBe(404);
    await call('PATCH', `/api/admin/posts/${id}`, { isPublished: true });
    expect(await movedTo('/blog/second-address')).toBe('/blog/first-address');
  });

  it('a draft that was never out leaves no old address', async () => {
    const { id } = (await call('POST', '/api/blog', { ...newPost, slug: 'draft-address' })).json();
    await rename(id, 'draft-address-renamed');
    await call('PATCH', `/api/admin/posts/${id}`, { isPublished: true });
    expect(await movedTo('/blog/draft-address')).toBe(404);
  });
});

describe('a post deleted', () => {
  const lookUp = async (path: string) => {
    const res = await t.app.inject(`/api/old-address?path=${encodeURIComponent(path)}`);
    return res.statusCode === 200 ? res.json() : res.statusCode;
  };
  const remove = async (id: number) => {
    const res = await call('DELETE', `/api/admin/posts/${id}`);
    expect(res.statusCode, res.body).toBe(204);
  };

  it('after it had been out: its address and its old ones are told as removed, and stay so', async () => {
    const { id } = (
      await call('POST', '/api/blog', { ...newPost, slug: 'soon-removed', isPublished: true })
    ).json();
    await call('PATCH', `/api/admin/posts/${id}`, { slug: 'soon-removed-renamed' });
    await remove(id);
    expect(await lookUp('/blog/soon-removed-renamed')).toEqual({ removed: true });
    expect(await lookUp('/blog/soon-removed')).toEqual({ removed: true });
    // A second delete is a 404, and leaves the record as it was.
    expect((await call('DELETE', `/api/admin/posts/${id}`)).statusCode).toBe(404);
    expect(await lookUp('/blog/soon-removed')).toEqual({ removed: true });
    // A new post at that address is the address's own again: the page is its, not the lookup's.
    await call('POST', '/api/blog', { ...newPost, slug: 'soon-removed', isPublished: true });
    expect((await t.app.inject('/api/blog/soon-removed')).statusCode).toBe(200);
  });

  it('never out (a draft, a post still scheduled): nothing is kept, its address is simply unknown', async () => {
    const draft = (await call('POST', '/api/blog', { ...newPost, slug: 'removed-draft' })).json();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = (
      await call('POST', '/api/blog', {
        ...newPost,
        slug: 'removed-while-scheduled',
        isPublished: true,
        publishAt: later,
      })
    ).json();
    await remove(draft.id);
    await remove(scheduled.id);
    expect(await lookUp('/blog/removed-draft')).toBe(404);
    expect(await lookUp('/blog/removed-while-scheduled')).toBe(404);
  });
});
