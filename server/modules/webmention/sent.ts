/**
 * Webmentions sent (3.1): when a post goes live or is edited, each page on another site it links
 * to is queued once; each is sent through the site's job queue once its target's endpoint is found.
 */
import { eq, sql } from 'drizzle-orm';
import { postPath } from '../../../common/blog-paths.ts';
import { blogPosts, webmentionSends } from '../../db/schema.ts';
import { jobQueue, MAX_ATTEMPTS } from '../../lib/job-queue.ts';
import { inBatches, ROUND, type WebmentionDeps } from './context.ts';
import { endpointOf, linksIn } from './page.ts';

/** How many of a post's links are sent a mention at most (a list of links is not a conversation). */
const MAX_TARGETS = 50;

export function sentMentions({ db, blog, pages, siteUrl, sends }: WebmentionDeps) {
  const origin = new URL(siteUrl).origin;
  const queue = jobQueue(db, webmentionSends);

  /** One mention sent: its target's endpoint found, then told (3.1). */
  async function send(row: { id: number; target: string; attempts: number; slug: string | null }) {
    const attempts = row.attempts + 1;
    // The post was taken down since: nothing to say of it.
    if (!row.slug) return queue.sent(row.id, attempts);
    try {
      const target = await pages.get(row.target, 'text/html');
      const html = target.status >= 200 && target.status < 300 ? target.text : '';
      const endpoint = endpointOf({ url: target.url, linkHeader: target.headers.link, html });
      if (!endpoint) {
        await queue.sent(row.id, attempts);
        return;
      }
      const source = new URL(postPath(row.slug), siteUrl).href;
      const status = await pages.postForm(endpoint.href, { source, target: row.target });
      await db.update(webmentionSends).set({ endpoint: endpoint.href }).where(eq(webmentionSends.id, row.id));
      if (status >= 200 && status < 300) return queue.sent(row.id, attempts);
      const error = new Error(`the endpoint answered ${status}`);
      // A refusal (4xx but for "too many") is not asked again.
      const final = status >= 400 && status < 500 && status !== 429;
      await queue.failed(row.id, final ? Math.max(attempts, MAX_ATTEMPTS) : attempts, error);
    } catch (error) {
      await queue.failed(row.id, attempts, error);
    }
  }

  return {
    /**
     * Queues a mention of each page on another site that a live post links to, once per page:
     * the number queued (none from a site without a public address).
     */
    async queueFor(postId: number): Promise<number> {
      if (!sends) return 0;
      const live = await blog.findPublishedById(postId);
      const post = live ? await blog.findPublishedBySlug(live.slug) : null;
      if (!post) return 0;
      const base = new URL(postPath(post.slug), siteUrl);
      const targets = [
        ...new Set(
          linksIn(post.contentHtml, base)
            .filter((url) => url.origin !== origin)
            .map((url) => {
              url.hash = '';
              return url.href;
            }),
        ),
      ].slice(0, MAX_TARGETS);
      if (targets.length === 0) return 0;
      const queued = await db
        .insert(webmentionSends)
        .values(targets.map((target) => ({ postId, target })))
        .onConflictDoNothing()
        .returning({ id: webmentionSends.id });
      return queued.length;
    },

    /** Sends the mentions due: true when there may be more at once. */
    async sendDue(): Promise<boolean> {
      const rows = await queue.claim<{ id: number; target: string; attempts: number; slug: string | null }>(
        ROUND,
        sql`${webmentionSends.id}, ${webmentionSends.target}, ${webmentionSends.attempts}, (select ${blogPosts.slug} from ${blogPosts} where ${blogPosts.id} = ${webmentionSends.postId} and ${blogPosts.isPublished} and (${blogPosts.publishedAt} is null or ${blogPosts.publishedAt} <= now())) as slug`,
      );
      await inBatches(rows, send);
      return rows.length === ROUND;
    },

    /** Whether any mention waits to be sent. */
    sendsDue: (): Promise<boolean> => queue.due(),
  };
}
