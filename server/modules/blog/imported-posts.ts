/**
 * What the blog does for posts an import brought (markdown-files.ts writes them with createPost): a
 * cover drawn for each that has none, and the addresses they had on their old site.
 */
import { and, eq } from 'drizzle-orm';
import { blogPosts, postRedirects } from '../../db/schema.ts';
import type { OwnerPostContext } from './post-writer.ts';

export function importedPosts({
  db,
  coverFor,
  invalidatePosts,
}: Pick<OwnerPostContext, 'db' | 'coverFor' | 'invalidatePosts'>) {
  return {
    /**
     * Draws a cover for each post that has none (posts imported before covers were drawn for
     * them), one at a time with a pause between, so the site keeps answering; the time a post
     * last changed stays as it was. Answers how many got one.
     */
    async drawMissingCovers({
      pauseMs = 50,
      signal,
    }: {
      pauseMs?: number;
      signal?: AbortSignal;
    } = {}): Promise<number> {
      if (!coverFor) return 0;
      const bare = await db
        .select({ id: blogPosts.id, title: blogPosts.title, tags: blogPosts.tags })
        .from(blogPosts)
        .where(eq(blogPosts.coverImage, ''))
        .orderBy(blogPosts.id);
      let drawn = 0;
      for (const post of bare) {
        if (signal?.aborted) break;
        const coverImage = await coverFor(post.title, post.tags);
        // Only if it still has none: the owner may have given it one meanwhile.
        const changed = await db
          .update(blogPosts)
          .set({ coverImage })
          .where(and(eq(blogPosts.id, post.id), eq(blogPosts.coverImage, '')))
          .returning({ id: blogPosts.id });
        drawn += changed.length;
        if (changed.length > 0) invalidatePosts();
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      return drawn;
    },

    /**
     * After an import: the post's addresses on its old site lead to it (a 301; an address another
     * imported post had moves to this one), and it keeps the time it last changed there.
     */
    async settleImport(
      id: number,
      { oldPaths, updatedAt }: { oldPaths: string[]; updatedAt?: Date | undefined },
    ) {
      if (oldPaths.length > 0) {
        await db
          .insert(postRedirects)
          .values(oldPaths.map((path) => ({ path, postId: id })))
          .onConflictDoUpdate({ target: postRedirects.path, set: { postId: id } });
      }
      if (updatedAt) await db.update(blogPosts).set({ updatedAt }).where(eq(blogPosts.id, id));
      if (oldPaths.length > 0 || updatedAt) invalidatePosts();
    },
  };
}
