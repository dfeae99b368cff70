/**
 * The inbox: quote requests and contact messages, newest first, every field,
 * read/unread and archived, a reply link with the subject filled in, a filter
 * by kind, and whether the notification email went out.
 */

import { useSearchParams } from 'react-router';
import { QUOTE_STAGE_LABELS } from '../../../common/constants.ts';
import { describeSource, firstTouchDiffers } from '../../../common/lead-source.ts';
import {
  type AdminInboxItem,
  type InboxKind,
  type InboxState,
  inboxStates,
} from '../../../common/schemas/contact.ts';
import type { OutboxStatus } from '../../../common/schemas/notifications.ts';
import { DONE_PARAM, FORM_FIELD, usePageAction } from '../../lib/form-post.ts';
import { BUDGET_LABELS, PROJECT_TYPE_LABELS, TIMEFRAME_LABELS } from '../../lib/option-labels.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { When } from '../../ui/when.tsx';
import { AdminSection, EntryList, FilterSelect, useAdminList, useFilterParam } from '../admin/admin-list.tsx';
import { RowForm, useRowForm } from '../admin/row-list.tsx';
import { contactOwnerPaths, INBOX_FORM, type InboxChange } from './owner-api.ts';

/** What a change of an entry's state says once done. */
const CHANGE_TOASTS: Record<InboxChange, string> = {
  read: 'Marked as read',
  unread: 'Marked as unread',
  archive: 'Request archived',
  unarchive: 'Moved back to the inbox',
};

const KINDS = ['all', 'quote', 'contact'] as const;
const KIND_LABELS = { all: 'All requests', quote: 'Quote requests', contact: 'Contact messages' } as const;
const STATE_LABELS: Record<InboxState, string> = { open: 'Inbox', unread: 'Unread', archived: 'Archived' };
const EMAIL_STATUS: Record<OutboxStatus, string> = {
  sent: 'Notification email sent',
  pending: 'Notification email not sent yet',
  failed: 'Notification email failed',
  unknown: 'Notification email: no record',
};

/** How an option value reads, or the value itself when it has no label (an old or unknown value). */
const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/** `mailto:` with the subject filled in, so a reply is one click. */
export function replyHref(item: AdminInboxItem): string {
  const subject =
    item.kind === 'quote'
      ? `Re: your ${label(PROJECT_TYPE_LABELS, item.projectType).toLowerCase()} quote request`
      : `Re: ${item.subject}`;
  return `mailto:${item.email}?subject=${encodeURIComponent(subject)}`;
}

export function Inbox() {
  const kind = useFilterParam('kind', KINDS, 'all');
  const state = useFilterParam('state', inboxStates, 'open');
  const query = useAdminList<AdminInboxItem>(contactOwnerPaths.inbox, {
    kind: kind.value,
    state: state.value,
  });
  // A change sent without the page's code comes back as `?done=inbox-item-<change>`.
  const [params] = useSearchParams();
  const done = params.get(DONE_PARAM)?.replace(`${INBOX_FORM}-`, '') ?? '';
  const doneTitle = Object.hasOwn(CHANGE_TOASTS, done) ? CHANGE_TOASTS[done as InboxChange] : null;
  return (
    <AdminSection
      id="inbox"
      notice={doneTitle && <DoneNotice className="mb-3" title={doneTitle} />}
      title="Inbox"
      description="Quote requests from the home page and messages sent to you, newest first."
      query={query}
      empty={
        state.value === 'archived'
          ? 'Nothing is archived.'
          : 'No requests here. New ones show up as they arrive.'
      }
      filters={
        <>
          <FilterSelect id="inbox-kind" label="Kind" options={KIND_LABELS} {...kind} />
          <FilterSelect id="inbox-state" label="Show" options={STATE_LABELS} {...state} />
        </>
      }
    >
      {(items) => (
        <EntryList
          label="Requests"
          className="space-y-4"
          items={items}
          keyOf={(item) => `${item.kind}:${item.id}`}
          entry={(item) => <InboxEntry item={item} />}
        />
      )}
    </AdminSection>
  );
}

function InboxEntry({ item }: { item: AdminInboxItem }) {
  const rowId = `${item.kind}-${item.id}`;
  const action = usePageAction();
  const update = useRowForm(INBOX_FORM, rowId, (sent) => ({
    title: CHANGE_TOASTS[(sent?.get('change') as InboxChange | null) ?? 'read'],
    description: item.name,
  }));
  const pendingChange = update.fetcher.formData?.get('change');
  const unread = item.readAt === null;
  const archive: InboxChange = item.archivedAt === null ? 'archive' : 'unarchive';
  const fields: Array<[string, string | null]> =
    item.kind === 'quote'
      ? [
          ['Phone', item.phone],
          ['Company', item.company],
          ['Project type', label(PROJECT_TYPE_LABELS, item.projectType)],
          ['Budget', label(BUDGET_LABELS, item.budget)],
          ['Timeframe', label(TIMEFRAME_LABELS, item.timeframe)],
          ['Newsletter', item.newsletter ? 'Yes, subscribe me' : 'No'],
          ['Stage', QUOTE_STAGE_LABELS[item.stage]],
          ['Came from', item.leadSource ? describeSource(item.leadSource) : null],
          [
            'First came from',
            item.firstTouch && firstTouchDiffers(item) ? describeSource(item.firstTouch) : null,
          ],
        ]
      : [['Subject', item.subject]];
  const kindLabel: Record<InboxKind, string> = { quote: 'Quote request', contact: 'Message' };

  return (
    <article
      aria-label={`${kindLabel[item.kind]} from ${item.name}`}
      className={cn('rounded-md border p-4', unread ? 'border-primary/60 bg-primary/5' : 'border-border')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">
            {item.name}
            {unread && (
              <span className="ml-2 rounded-full bg-primary px-2 py-0.5 align-middle text-xs text-primary-foreground">
                Unread
              </span>
            )}
          </h3>
          <p className="text-sm text-muted-foreground">
            {kindLabel[item.kind]} · <When iso={item.createdAt} /> · {item.email}
          </p>
        </div>
        <p
          className={cn(
            'text-xs font-medium',
            item.emailStatus === 'failed' ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {EMAIL_STATUS[item.emailStatus]}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
        {fields
          .filter(([, value]) => value)
          .map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-muted-foreground">{name}</dt>
              <dd className="min-w-0 wrap-anywhere">{value}</dd>
            </div>
          ))}
        <div className="contents">
          <dt className="text-muted-foreground">IP</dt>
          <dd>{item.ipAddress ?? 'not recorded'}</dd>
        </div>
      </dl>
      <p className="mt-3 whitespace-pre-line break-words">{item.message}</p>
      <RowForm
        form={update}
        id={rowId}
        label={`The request from ${item.name}`}
        action={action}
        className="mt-4 flex flex-wrap gap-2"
      >
        <Button asChild size="sm">
          <a
            href={replyHref(item)}
            onClick={() =>
              unread &&
              void update.submit(
                { [FORM_FIELD]: INBOX_FORM, id: rowId, change: 'read' },
                { method: 'post', action },
              )
            }
          >
            Reply by email
          </a>
        </Button>
        <Button
          type="submit"
          name="change"
          value={unread ? 'read' : 'unread'}
          size="sm"
          variant="outline"
          disabled={update.pending}
          aria-label={`Mark the request from ${item.name} as ${unread ? 'read' : 'unread'}`}
        >
          {unread ? 'Mark as read' : 'Mark as unread'}
        </Button>
        <Button
          type="submit"
          name="change"
          value={archive}
          size="sm"
          variant="outline"
          pending={pendingChange === archive}
          pendingText={archive === 'archive' ? 'Archiving...' : 'Moving...'}
          disabled={update.pending}
          aria-label={`${archive === 'archive' ? 'Archive' : 'Move back to the inbox'} the request from ${item.name}`}
        >
          {archive === 'archive' ? 'Archive' : 'Move to inbox'}
        </Button>
        <FormNotice answer={update.answer} className="basis-full" />
      </RowForm>
    </article>
  );
}
