/**
 * Who liked and boosted the posts from the fediverse (issue 47): every post's count together and
 * the latest, newest first, each with its person's profile and the post. A row blocks its person
 * or their whole server (a form of its own that posts to the page, ADR 018), whether they follow
 * or not.
 */
import { reactionsText } from '../../../common/fediverse.ts';
import type { FediverseOwner, FediverseReaction } from '../../../common/schemas/fediverse.ts';
import { longDate } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../ui/button.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { Link } from '../../ui/link.tsx';
import { Panel } from '../admin/panel.tsx';
import { RowForm, RowList, useRowForm } from '../admin/row-list.tsx';
import { serverBlocked } from './blocked-panel.tsx';
import { REACTION_FORM } from './owner-api.ts';

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
        row={(reaction) => <ReactionRow reaction={reaction} />}
      />
    </Panel>
  );
}

function ReactionRow({ reaction }: { reaction: FediverseReaction }) {
  const form = useRowForm(REACTION_FORM, reaction.id, (sent) =>
    sent?.get('intent') === 'block-server'
      ? { title: 'Server blocked', description: serverBlocked(reaction.server) }
      : { title: 'Blocked', description: `${reaction.handle} can no longer follow, like or boost.` },
  );
  return (
    <RowForm
      form={form}
      id={reaction.id}
      label={`${reaction.kind === 'like' ? 'Like' : 'Boost'} by ${reaction.handle}`}
    >
      <div className="min-w-0 flex-1 basis-full sm:basis-auto">
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
          {[reaction.name ? reaction.handle : null, longDate(reaction.reactedAt)].filter(Boolean).join(' · ')}
        </p>
        <FormNotice answer={form.answer} />
      </div>
      <Button
        type="submit"
        name="intent"
        value="block"
        size="sm"
        variant="outline"
        pending={form.pending}
        pendingText="Blocking..."
        aria-label={`Block ${reaction.handle}`}
      >
        Block
      </Button>
      <Button
        type="submit"
        name="intent"
        value="block-server"
        size="sm"
        variant="outline"
        pending={form.pending}
        pendingText="Blocking..."
        aria-label={`Block the server ${reaction.server}`}
      >
        Block server
      </Button>
    </RowForm>
  );
}
