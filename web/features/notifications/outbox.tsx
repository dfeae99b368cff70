import { useLocation } from 'react-router';
import { type OutboxMessage, type OutboxState, outboxStates } from '../../../common/schemas/notifications.ts';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { usePageAction } from '../../lib/form-post.ts';
import { Button } from '../../ui/button.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { Link } from '../../ui/link.tsx';
import { When } from '../../ui/when.tsx';
import { AdminSection, EntryList, useFilteredAdminList } from '../admin/admin-list.tsx';
import { useSummary } from '../admin/api.ts';
import { EntryCard, StatusBadge } from '../admin/panel.tsx';
import { RowForm, useRowForm } from '../admin/row-list.tsx';
import { outboxPaths, RETRY_FORM } from './api.ts';

const STATE_LABELS: Record<OutboxState, string> = {
  all: 'All messages',
  pending: 'Waiting',
  sent: 'Sent',
  failed: 'Failed',
};
const STATUS_LABELS: Record<OutboxMessage['status'], string> = {
  pending: 'Waiting',
  sent: 'Sent',
  failed: 'Failed',
};
const KIND_LABELS: Record<string, string> = {
  quote: 'Quote request',
  contact: 'Message',
  comment: 'Comment',
  contribution: 'Guest post',
  resume: 'Resume request',
  reply: 'Reply to a commenter',
  digest: 'Weekly digest',
  testimonial: 'Testimonial',
  booking: 'Call booked',
  newsletter: 'Newsletter',
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Shown above every dashboard page while email cannot go out, or while messages failed; with a
 * link to the outbox, except on the outbox itself.
 */
export function MailNotice() {
  const { data: summary } = useSummary();
  const onOutbox = useLocation().pathname === dashboardPaths.outbox;
  const toOutbox = (label: string) =>
    onOutbox ? null : (
      <Link
        to={dashboardPaths.outbox}
        className="mt-2 inline-block font-medium text-primary underline underline-offset-2"
      >
        {label}
      </Link>
    );
  if (!summary) return null;
  if (!summary.mailConfigured) {
    return (
      <aside
        aria-label="Email is not set up"
        className="mb-6 rounded-lg border border-destructive bg-destructive/5 p-4 text-sm"
      >
        <p className="font-semibold">Email is not set up: nobody is emailed, you included.</p>
        <p className="mt-1 break-words text-muted-foreground">
          {summary.outboxPending > 0
            ? `${plural(summary.outboxPending, 'notification')} ${summary.outboxPending === 1 ? 'waits' : 'wait'} in the outbox. `
            : 'Notifications wait in the outbox. '}
          To send them, set <code>SMTP_URL</code> (for example{' '}
          <code>smtps://user:password@smtp.example.com:465</code>) and <code>NOTIFY_EMAIL</code> (your
          address), then restart the site; waiting messages go out then.
        </p>
        {toOutbox('Open the outbox')}
      </aside>
    );
  }
  if (summary.outboxFailed > 0) {
    return (
      <aside
        aria-label="Emails failed"
        className="mb-6 rounded-lg border border-destructive bg-destructive/5 p-4 text-sm"
      >
        <p className="font-semibold">
          {plural(summary.outboxFailed, 'email')} could not be sent after every retry.
        </p>
        {toOutbox('Open the outbox to retry')}
      </aside>
    );
  }
  return null;
}

export function Outbox() {
  const [query, filter] = useFilteredAdminList<OutboxMessage, OutboxState>(outboxPaths.outbox, {
    id: 'outbox-state',
    param: 'status',
    field: 'status',
    values: outboxStates,
    labels: STATE_LABELS,
    fallback: 'all',
  });
  return (
    <AdminSection
      id="outbox"
      title="Outbox"
      description="Every notification the site sends, newest first: to you, and to commenters you answered."
      query={query}
      empty={filter.value === 'all' ? 'Nothing has been sent yet.' : 'No messages in this state.'}
      filter={filter}
    >
      {(messages) => (
        <EntryList
          label="Messages"
          items={messages}
          keyOf={(message) => message.id}
          entry={(message) => <OutboxEntry message={message} />}
        />
      )}
    </AdminSection>
  );
}

function OutboxEntry({ message }: { message: OutboxMessage }) {
  return (
    <EntryCard
      label={message.subject}
      heading={message.subject}
      lines={
        <p className="text-muted-foreground">
          {KIND_LABELS[message.kind] ?? message.kind} · to {message.recipient ?? 'you'} ·{' '}
          <When iso={message.createdAt} />
        </p>
      }
      badge={
        <StatusBadge
          tone={message.status === 'failed' ? 'bad' : message.status === 'sent' ? 'good' : 'quiet'}
        >
          {STATUS_LABELS[message.status]}
        </StatusBadge>
      }
    >
      <p className="mt-2 text-xs text-muted-foreground">
        {message.status === 'sent' && message.sentAt ? (
          <>
            Sent <When iso={message.sentAt} />
          </>
        ) : (
          `${plural(message.attempts, 'attempt')} so far`
        )}
        {message.lastError && message.status !== 'sent' ? ` · last error: ${message.lastError}` : ''}
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer text-xs font-medium">Message</summary>
        <p className="mt-2 whitespace-pre-line break-words">{message.body}</p>
      </details>
      {message.status === 'failed' && <RetryForm message={message} />}
    </EntryCard>
  );
}

/** 'Retry' on a failed message: queued to send again, with the page's code or without it. */
function RetryForm({ message }: { message: OutboxMessage }) {
  const action = usePageAction();
  const retry = useRowForm(RETRY_FORM, message.id, () => ({
    title: 'Queued to send again',
    description: message.subject,
  }));
  return (
    <RowForm
      form={retry}
      id={message.id}
      label={`Retry “${message.subject}”`}
      action={action}
      className="mt-3 flex flex-wrap items-center gap-3"
    >
      <Button
        type="submit"
        size="sm"
        variant="outline"
        pending={retry.pending}
        pendingText="Retrying..."
        aria-label={`Retry “${message.subject}”`}
      >
        Retry
      </Button>
      <FormNotice answer={retry.answer} />
    </RowForm>
  );
}
