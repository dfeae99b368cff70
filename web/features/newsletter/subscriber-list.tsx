/**
 * The list itself: every address with its state, choice, where it signed up and the visit's lead
 * source, searched and filtered in the address (a GET form, ADR 013's search exception: the
 * search is kept out of the server's logs); deleting someone removes everything kept about them.
 */
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CADENCE_LABELS,
  type Subscriber,
  type SubscriberState,
  subscriberStates,
} from '../../../common/schemas/newsletter.ts';
import { useDone } from '../../lib/form-post.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Labelled } from '../../ui/field.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Select } from '../../ui/select.tsx';
import { When } from '../../ui/when.tsx';
import {
  AdminSection,
  EntryList,
  useAdminList,
  useFilterParam,
  useRefreshAdmin,
  useUpdateParams,
} from '../admin/admin-list.tsx';
import { EntryCard, StatusBadge } from '../admin/panel.tsx';
import { newsletterOwnerPaths } from './owner-api.ts';
import { NEWSLETTER_FORMS } from './owner-forms.ts';

export const STATE_LABELS: Record<SubscriberState, string> = {
  all: 'Everyone',
  confirmed: 'Confirmed',
  pending: 'Waiting to confirm',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};

const TONES = { confirmed: 'good', pending: 'notice', unsubscribed: 'quiet', bounced: 'bad' } as const;

/** Where an address signed up, in words. */
export function sourceLabel(source: string): string {
  if (source.startsWith('post:')) return `under the post ${source.slice(5)}`;
  return (
    {
      blog: 'on the blog',
      home: 'on the home page',
      footer: 'in the footer',
      newsletter: 'on the newsletter page',
      quote: 'with a quote request',
      import: 'imported',
    }[source] ?? source
  );
}

export function SubscriberList() {
  const [params] = useSearchParams();
  const update = useUpdateParams();
  const { value: status } = useFilterParam('status', subscriberStates, 'all');
  const search = params.get('q') ?? '';
  const query = useAdminList<Subscriber>(newsletterOwnerPaths.subscribers, {
    status,
    q: search || undefined,
  });
  const removed = useDone(NEWSLETTER_FORMS.remove);

  function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const q = String(fields.get('q') ?? '').trim();
    const next = String(fields.get('status') ?? 'all');
    update({ q: q || null, status: next === 'all' ? null : next, page: null });
  }

  return (
    <AdminSection
      id="subscribers"
      title="Subscribers"
      description="Each address, where it signed up and what it chose. Unsubscribed and bounced addresses stay as suppressions until you delete them."
      query={query}
      empty={search || status !== 'all' ? 'Nobody matches.' : 'Nobody has subscribed yet.'}
      filters={
        <form
          method="get"
          aria-label="Search subscribers"
          className="flex flex-wrap items-end gap-2"
          onSubmit={onFilter}
        >
          <Labelled id="subscriber-search" label="Search">
            <Input
              id="subscriber-search"
              type="search"
              name="q"
              defaultValue={search}
              placeholder="Address, name or source"
              className="w-56"
            />
          </Labelled>
          <Labelled id="subscriber-state" label="Show">
            <Select
              id="subscriber-state"
              name="status"
              defaultValue={status}
              options={STATE_LABELS}
              className="w-auto min-w-40 max-w-full"
            />
          </Labelled>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </form>
      }
    >
      {(subscribers) => (
        <>
          {removed ? (
            <DoneNotice
              className="mb-3"
              title="Subscriber deleted"
              text="Everything kept about them is gone."
            />
          ) : null}
          <EntryList
            label="Subscribers"
            items={subscribers}
            keyOf={(subscriber) => subscriber.id}
            entry={(subscriber) => <SubscriberEntry subscriber={subscriber} />}
          />
        </>
      )}
    </AdminSection>
  );
}

function SubscriberEntry({ subscriber }: { subscriber: Subscriber }) {
  const [confirming, setConfirming] = useState(false);
  const refresh = useRefreshAdmin();
  const remove = useRouteForm(NEWSLETTER_FORMS.remove, {
    key: `${NEWSLETTER_FORMS.remove}-${subscriber.id}`,
    match: (answer) => answer.values.id === String(subscriber.id),
    done: { title: 'Subscriber deleted', description: subscriber.email },
    onDone: () => void refresh(),
  });
  return (
    <EntryCard
      label={subscriber.email}
      heading={subscriber.email}
      lines={
        <>
          <p className="text-muted-foreground">
            {subscriber.name ? `${subscriber.name} · ` : ''}
            {CADENCE_LABELS[subscriber.cadence]} · signed up {sourceLabel(subscriber.source)}{' '}
            <When iso={subscriber.createdAt} />
          </p>
          {subscriber.leadSource ? (
            <p className="text-muted-foreground">Came from {subscriber.leadSource}</p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            Consent <When iso={subscriber.consentAt} />
            {subscriber.confirmedAt ? (
              <>
                {' · confirmed '}
                <When iso={subscriber.confirmedAt} />
              </>
            ) : null}
            {subscriber.unsubscribedAt ? (
              <>
                {' · left '}
                <When iso={subscriber.unsubscribedAt} />
              </>
            ) : null}
            {subscriber.bounces ? ` · ${subscriber.bounces} bounced` : ''}
          </p>
        </>
      }
      badge={<StatusBadge tone={TONES[subscriber.status]}>{STATE_LABELS[subscriber.status]}</StatusBadge>}
    >
      <PageForm
        form={remove}
        className="mt-3 flex flex-wrap items-center gap-2"
        // With the page's code the first press asks again; without it, the press deletes.
        onSubmit={(event) => {
          if (confirming) return;
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <input type="hidden" name="id" value={subscriber.id} />
        <FormNotice answer={remove.answer} />
        <Button
          type="submit"
          size="sm"
          variant={confirming ? 'destructive' : 'ghost'}
          pending={remove.pending}
          pendingText="Deleting..."
          aria-label={
            confirming
              ? `Yes, delete ${subscriber.email} and everything about them`
              : `Delete ${subscriber.email}`
          }
        >
          {confirming ? 'Yes, delete everything about them' : 'Delete'}
        </Button>
        {confirming ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        ) : null}
      </PageForm>
    </EntryCard>
  );
}
