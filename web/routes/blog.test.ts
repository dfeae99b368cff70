/**
 * /blog's loader: one read of the page's posts serves its checks (a page past the last, a tag no
 * post carries), the HTML's list and its first cover, and a move in the browser reads nothing
 * the browser's own query reads again.
 */
import { describe, expect, it } from 'vitest';
import type { WebLoadContext } from '../../common/web-context.ts';
import { loader } from './blog.tsx';

const COVER = '/images/cover.svg';
const DRAWN = 'data:image/svg+xml,%3csvg/%3e';

/** A page context whose API answers the given list to every read, and counts the reads. */
function contextWith(pageCount: number, total = 3, movedTo?: string) {
  const reads: string[] = [];
  const list = {
    posts: [{ id: 1, title: 'First', coverImage: COVER }],
    page: 1,
    pageCount,
    total,
  };
  const context = {
    staticCopy: false,
    readApi: async (path: string) => {
      reads.push(path);
      // The old-address lookup: where a tag renamed since leads, else nothing (the API's 404).
      if (path.startsWith('/api/old-address')) return movedTo ? { location: movedTo } : null;
      return list;
    },
    inlineImage: async (src: string) => (src === COVER ? DRAWN : src),
  } as unknown as WebLoadContext;
  return { context, reads };
}

const run = (context: WebLoadContext, url: string, tag?: string) =>
  loader({
    context,
    request: new Request(`http://localhost${url}`),
    params: tag ? { tag } : {},
  } as never);

const dataOf = (result: unknown) =>
  (result as { data?: unknown }).data ?? (result as Record<string, unknown>);

describe("/blog's loader", () => {
  it('reads the first page once for its HTML, the list and the first cover', async () => {
    const { context, reads } = contextWith(2);
    const result = dataOf(await run(context, '/blog')) as Record<string, unknown>;
    expect(reads).toEqual(['/api/blog-list']);
    expect(result).toMatchObject({
      firstCover: { src: COVER, drawn: DRAWN },
      firstPost: true,
      missing: false,
    });
    expect(JSON.stringify(result.dehydrated)).toContain('First');
  });

  it("reads a later page or a tag's page once, checks included", async () => {
    const later = contextWith(2);
    expect(dataOf(await run(later.context, '/blog?page=2'))).toMatchObject({ missing: false });
    expect(later.reads).toHaveLength(1);
    const tagged = contextWith(1);
    expect(dataOf(await run(tagged.context, '/blog/tag/react', 'react'))).toMatchObject({ missing: false });
    expect(tagged.reads).toHaveLength(1);
  });

  it('answers 404 past the last page and for a tag no post carries', async () => {
    expect(dataOf(await run(contextWith(2).context, '/blog?page=3'))).toMatchObject({ missing: true });
    expect(dataOf(await run(contextWith(1, 0).context, '/blog/tag/none', 'none'))).toMatchObject({
      missing: true,
    });
  });

  it('answers 301 for a tag renamed since, to the tag it became', async () => {
    const moved = await run(
      contextWith(1, 0, '/blog/tag/Locked%20out').context,
      '/blog/tag/Lockouts',
      'Lockouts',
    ).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(301);
    expect((moved as Response).headers.get('location')).toBe('/blog/tag/Locked%20out');
  });

  it("reads nothing for a move in the browser to the first page (the browser's query reads it)", async () => {
    const { context, reads } = contextWith(2);
    expect(dataOf(await run(context, '/blog.data'))).toMatchObject({ firstPost: false, firstCover: null });
    expect(reads).toEqual([]);
  });
});
