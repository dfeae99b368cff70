/**
 * The owner's mentions (issue 47, point 7): pages on other sites that link to a post, sent by
 * Webmention and checked to link to it. Each waits for approval, then shows under its post until
 * deleted. Each row is a form of its own that posts to the page (ADR 018).
 */
import type { OwnerMention } from '../../../common/schemas/webmention.ts';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { longDate } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../ui/button.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { Link } from '../../ui/link.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { Panel } from '../admin/panel.tsx';
import { RowForm, RowList, useRowForm } from '../admin/row-list.tsx';
import { MENTION_FORM, useOwnerMentions } from './owner-api.ts';

export function MentionModeration() {
  const query = useOwnerMentions();
  const mentions = query.data?.mentions;
  const waiting = mentions?.filter((mention) => mention.status === 'pending').length ?? 0;
  return (
    <Panel
      headingId="mentions-heading"
      title={waiting > 0 ? `Mentions (${waiting} waiting)` : 'Mentions'}
      description="Pages on other sites that link to a post, sent by Webmention and checked to link to it. Approved ones show under the post."
    >
      {mentions ? (
        <RowList
          label="Mentions"
          rows={mentions}
          empty="No other site has mentioned a post yet."
          row={(mention) => <MentionRow mention={mention} />}
        />
      ) : (
        <div className="mt-4">
          <LoadState query={query} loading="Loading mentions" failed="Could not load the mentions." />
        </div>
      )}
    </Panel>
  );
}

function MentionRow({ mention }: { mention: OwnerMention }) {
  const form = useRowForm(MENTION_FORM, mention.id, (sent) =>
    sent?.get('intent') === 'approve'
      ? { title: 'Mention approved', description: `It shows under “${mention.post.title}”.` }
      : { title: 'Mention deleted', description: `${mention.site} no longer shows under the post.` },
  );
  const name = mention.title || mention.source;
  return (
    <RowForm form={form} id={mention.id} label={`Mention: ${name}`} action={dashboardPaths.moderation}>
      <div className="min-w-0 flex-1 basis-full sm:basis-auto">
        <a href={mention.source} rel="nofollow ugc" className="font-medium break-all hover:underline">
          {name}
        </a>
        <p className="text-sm text-muted-foreground">
          {[mention.author && `By ${mention.author}`, mention.site, longDate(mention.receivedAt)]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="text-sm text-muted-foreground">
          {mention.status === 'pending' ? 'Waiting for approval · on ' : 'Shown under '}
          <Link to={paths.post(mention.post.slug)} className="font-medium text-foreground hover:underline">
            {mention.post.title}
          </Link>
        </p>
        <FormNotice answer={form.answer} />
      </div>
      {mention.status === 'pending' ? (
        <Button
          type="submit"
          name="intent"
          value="approve"
          size="sm"
          pending={form.pending}
          pendingText="Approving..."
        >
          Approve
        </Button>
      ) : null}
      <Button
        type="submit"
        name="intent"
        value="delete"
        size="sm"
        variant="outline"
        pending={form.pending}
        pendingText="Deleting..."
      >
        Delete
      </Button>
    </RowForm>
  );
}
