/**
 * The owner's fediverse section (issue 47): the handle's name and whether followers wait for
 * approval, then the followers (newest first: handle, name, server, since when), each approved,
 * removed, blocked or blocked with their whole server by its own form, then who is blocked, each
 * block lifted by its own form, and a server blocked by name. Every form posts to the page without
 * its code (ADR 018).
 */
import { useId } from 'react';
import type { z } from 'zod';
import type { FediverseFollower, FediverseOwner } from '../../../common/schemas/fediverse.ts';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { longDate } from '../../lib/dates.ts';
import { useDone } from '../../lib/form-post.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useCopyLink } from '../../lib/use-copy-link.ts';
import { Button } from '../../ui/button.tsx';
import { Labelled } from '../../ui/field.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { Panel } from '../admin/panel.tsx';
import { RowForm, RowList, useRowForm } from '../admin/row-list.tsx';
import { BlockedPanel, serverBlocked } from './blocked-panel.tsx';
import {
  FOLLOWER_FORM,
  fediversePublicPath,
  type followerActionSchema,
  SETTINGS_FORM,
  useOwnerFediverse,
} from './owner-api.ts';
import { ReactionsPanel } from './reactions-panel.tsx';

/** What a save says: as a toast with the page's code, beside the form without it. */
const SAVED = { title: 'Settings saved', text: 'The blog answers to its new handle.' };

export function FediversePanel() {
  const owner = useOwnerFediverse();
  return (
    <div className="space-y-6">
      {!owner.data && (
        <LoadState
          query={owner}
          loading="Loading the fediverse settings"
          failed="Could not load the fediverse settings."
        />
      )}
      {owner.data && <Settings owner={owner.data} />}
      {owner.data && <Followers owner={owner.data} />}
      {owner.data && <ReactionsPanel owner={owner.data} />}
      {owner.data && <BlockedPanel blocks={owner.data.blocks} />}
    </div>
  );
}

function Settings({ owner }: { owner: FediverseOwner }) {
  const id = useId();
  const refresh = useRefreshAdmin();
  const saved = useDone(SETTINGS_FORM);
  const form = useRouteForm(SETTINGS_FORM, {
    onDone: () => {
      toast({ title: SAVED.title, description: SAVED.text });
      void refresh(fediversePublicPath);
    },
  });
  const problem = form.errorOf('name');
  return (
    <Panel
      headingId="fediverse-heading"
      title="On the fediverse"
      description={`People follow the blog from Mastodon and the rest of the fediverse as ${owner.handle}.`}
    >
      <HowToFollow owner={owner} />
      {saved && <DoneNotice className="mt-4" title={SAVED.title} text={SAVED.text} />}
      <PageForm
        form={form}
        action={dashboardPaths.fediverse}
        aria-label="Fediverse settings"
        className="mt-4 space-y-4"
      >
        <FormNotice answer={form.answer} />
        <Labelled id={id} label="Name">
          <Input
            id={id}
            name="name"
            defaultValue={form.answer?.values.name ?? owner.name}
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            className="max-w-xs"
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Letters, digits and underscores; {owner.defaultName} unless you choose another. Followers keep
            following when it changes.
          </p>
          {problem && (
            <p id={`${id}-error`} className="text-xs font-medium text-destructive">
              {problem}
            </p>
          )}
        </Labelled>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="approveFollowers"
            defaultChecked={owner.approveFollowers}
            className="mt-1 h-4 w-4"
          />
          <span>Approve each follower before they follow (they wait in the list below)</span>
        </label>
        <Button type="submit" pending={form.pending} pendingText="Saving...">
          Save
        </Button>
      </PageForm>
    </Panel>
  );
}

/** Why nobody can follow yet, in the owner's words (issue 64). */
const UNREACHABLE: Record<NonNullable<FediverseOwner['unreachable']>, (siteUrl: string) => string> = {
  'no-public-url': () =>
    "PUBLIC_URL is not set, so other servers cannot reach the blog and nobody can follow it yet. Set PUBLIC_URL to the site's public https address.",
  'private-address': (siteUrl) =>
    `Other servers cannot reach ${siteUrl} (it names this machine or a private network), so nobody can follow the blog yet. Set PUBLIC_URL to the site's public https address.`,
};

/**
 * How people follow (issue 64): the handle to search for in Mastodon, with a button that copies it
 * where scripts run, and a warning when other servers cannot reach the site.
 */
function HowToFollow({ owner }: { owner: FediverseOwner }) {
  const { copied, copy } = useCopyLink();
  return (
    <div className="mt-4 space-y-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <p>
          To follow, people search for{' '}
          <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono">{owner.handle}</code> in
          Mastodon or any fediverse app and press Follow.
        </p>
        <button
          type="button"
          onClick={() =>
            void copy(
              owner.handle,
              'Share it where people can search for it to follow the blog.',
              'Handle copied',
            )
          }
          className="hidden rounded-md border border-border px-3 py-1 font-medium hover:border-primary scripting:inline-block"
          aria-label={`Copy ${owner.handle}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      {owner.unreachable && (
        <p className="rounded-md border border-destructive/50 bg-destructive/10 p-3 font-medium text-destructive">
          {UNREACHABLE[owner.unreachable](owner.siteUrl)}
        </p>
      )}
    </div>
  );
}

function Followers({ owner }: { owner: FediverseOwner }) {
  const count = owner.followerCount;
  return (
    <Panel
      headingId="followers-heading"
      title="Followers"
      description={count === 1 ? '1 person follows the blog.' : `${count} people follow the blog.`}
    >
      <RowList
        label="Followers"
        rows={owner.followers}
        empty="No followers yet."
        row={(follower) => <FollowerRow follower={follower} />}
      />
    </Panel>
  );
}

interface FollowerAction {
  label: string;
  pendingText: string;
  primary?: boolean;
  shown?: boolean;
  ariaLabel?: string;
  /** The toast once it is done. */
  done: { title: string; description: string };
}

/** A follower's buttons by the intent each sends, in the row's order. */
const followerActions = (
  follower: FediverseFollower,
): Record<z.infer<typeof followerActionSchema>['intent'], FollowerAction> => ({
  accept: {
    label: 'Approve',
    pendingText: 'Approving...',
    primary: true,
    shown: follower.state === 'pending',
    done: { title: 'Follower approved', description: `${follower.handle} now follows the blog.` },
  },
  remove: {
    label: 'Remove',
    pendingText: 'Removing...',
    done: { title: 'Follower removed', description: `${follower.handle} no longer follows the blog.` },
  },
  block: {
    label: 'Block',
    pendingText: 'Blocking...',
    ariaLabel: `Block ${follower.handle}`,
    done: { title: 'Follower blocked', description: `${follower.handle} can no longer follow the blog.` },
  },
  'block-server': {
    label: 'Block server',
    pendingText: 'Blocking...',
    ariaLabel: `Block the server ${follower.server}`,
    done: { title: 'Server blocked', description: serverBlocked(follower.server) },
  },
});

function FollowerRow({ follower }: { follower: FediverseFollower }) {
  const actions = followerActions(follower);
  const form = useRowForm(
    FOLLOWER_FORM,
    follower.id,
    // What the press did; 'remove' for anything else.
    (sent) =>
      (Object.entries(actions).find(([intent]) => intent === sent?.get('intent'))?.[1] ?? actions.remove)
        .done,
  );
  return (
    <RowForm form={form} id={follower.id} label={`Follower ${follower.handle}`}>
      <div className="min-w-0 flex-1 basis-full sm:basis-auto">
        <a
          href={follower.actorUri}
          className="font-medium break-all hover:underline"
          rel="noopener noreferrer"
        >
          {follower.handle}
        </a>
        <p className="text-sm text-muted-foreground">
          {[follower.name, follower.server, `since ${longDate(follower.followedAt)}`]
            .filter(Boolean)
            .join(' · ')}
          {follower.state === 'pending' && ' · waiting for approval'}
        </p>
        <FormNotice answer={form.answer} />
      </div>
      {Object.entries(actions).map(
        ([intent, { label, pendingText, shown = true, primary = false, ariaLabel }]) =>
          shown ? (
            <Button
              key={intent}
              type="submit"
              name="intent"
              value={intent}
              size="sm"
              {...(primary ? {} : { variant: 'outline' as const })}
              pending={form.pending}
              pendingText={pendingText}
              {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
            >
              {label}
            </Button>
          ) : null,
      )}
    </RowForm>
  );
}
