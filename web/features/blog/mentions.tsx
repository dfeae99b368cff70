/**
 * Pages on other sites that mention a post (issue 47, point 7): Webmentions the owner approved,
 * each linked to its page (`rel="nofollow ugc"`: the owner vouches for none of them) with its title,
 * author and site. Nothing shows while there are none.
 */
import type { PublicMention } from '../../../common/schemas/webmention.ts';
import { longDate } from '../../lib/dates.ts';

export function Mentions({ mentions }: { mentions: PublicMention[] }) {
  if (mentions.length === 0) return null;
  return (
    <section aria-labelledby="mentions-heading" className="later mt-16 border-t border-border pt-10">
      <h2 id="mentions-heading" className="text-2xl font-bold">
        {`Mentions (${mentions.length})`}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">Other sites that link to this post.</p>
      <ul className="mt-6 space-y-4">
        {mentions.map((mention) => (
          <li key={mention.id} className="rounded-lg border border-border p-4">
            <a
              href={mention.source}
              rel="nofollow ugc"
              className="font-medium break-words text-primary hover:underline"
            >
              {mention.title || mention.source}
            </a>
            <p className="mt-1 text-sm text-muted-foreground">
              {`${mention.author ? `By ${mention.author} on ` : 'On '}${mention.site} · `}
              <time dateTime={mention.receivedAt}>{longDate(mention.receivedAt)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
