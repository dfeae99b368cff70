/**
 * Who liked and boosted the posts from the fediverse (issue 47): every post's count together and
 * the latest, newest first, each with its person's profile and the post.
 */
import { reactionsText } from '../../../common/fediverse.ts';
import type { FediverseOwner } from '../../../common/schemas/fediverse.ts';
import { longDate } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { Link } from '../../ui/link.tsx';
import { Panel } from '../admin/panel.tsx';
import { RowList } from '../admin/row-list.tsx';

export function ReactionsPanel({ owner }: { owner: FediverseOwner }) {
  const counted = reactionsText(owner.reactionCounts);
  return (
    <Panel
      headingId="reactions-heading"
      title="Likes and boosts"
      description={
        counted
          ? `Your posts have ${counted}.`
          : 'When someone likes or boosts a post on the fediverse, it shows here and on the post.'
      }
    >
      <RowList
        label="Likes and boosts"
        rows={owner.reactions}
        empty="No likes or boosts yet."
        row={(reaction) => (
          <div className="min-w-0">
            <p className="break-words">
              <a
                href={reaction.profileUrl}
                className="font-medium break-all hover:underline"
                rel="noopener noreferrer nofollow"
              >
                {reaction.name || reaction.handle}
              </a>
              {` ${reaction.kind === 'like' ? 'liked' : 'boosted'} `}
              <Link to={paths.post(reaction.post.slug)} className="font-medium hover:underline">
                {reaction.post.title}
              </Link>
            </p>
            <p className="text-sm text-muted-foreground break-all">
              {[reaction.name ? reaction.handle : null, longDate(reaction.reactedAt)]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        )}
      />
    </Panel>
  );
}
