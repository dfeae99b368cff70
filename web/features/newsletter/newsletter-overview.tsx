import type { ImportReport, IssueSummary, NewsletterOverview } from '../../../common/schemas/newsletter.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { When } from '../../ui/when.tsx';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { EntryCard, Panel, StatusBadge } from '../admin/panel.tsx';
import { newsletterPaths } from './api.ts';
import { newsletterOwnerPaths } from './owner-api.ts';
import { NEWSLETTER_FORMS } from './owner-forms.ts';

const STATE_LABELS = {
  confirmed: 'Confirmed',
  pending: 'Waiting to confirm',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
} as const;

const KIND_LABELS: Record<IssueSummary['kind'], string> = {
  post: 'New post',
  roundup: 'Monthly roundup',
  issue: 'Your issue',
};

const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function NewsletterFigures({ overview }: { overview: NewsletterOverview }) {
  return (
    <Panel
      headingId="newsletter-heading"
      title="Newsletter"
      description={
        overview.mailConfigured
          ? `Sent through your mail server at ${overview.rate} emails a second, so a big send never trips its limits.`
          : 'Email is not set up (SMTP_URL): issues are queued for your subscribers and go out once it is.'
      }
      actions={
        <Button asChild variant="outline" size="sm">
          <a href={newsletterOwnerPaths.csv} download>
            Export CSV
          </a>
        </Button>
      }
    >
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(Object.keys(STATE_LABELS) as (keyof typeof STATE_LABELS)[]).map((state) => (
          <div key={state} className="rounded-md border border-border p-3">
            <dt className="text-xs text-muted-foreground">{STATE_LABELS[state]}</dt>
            <dd className="text-2xl font-bold tabular-nums">{overview.counts[state]}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Growth growth={overview.growth} />
        <ImportForm />
      </div>
    </Panel>
  );
}

function Growth({ growth }: { growth: NewsletterOverview['growth'] }) {
  return (
    <section aria-labelledby="growth-heading">
      <h3 id="growth-heading" className="font-semibold">
        Growth by month
      </h3>
      {growth.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Nobody has subscribed in the last 12 months.</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Month
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Signed up
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Confirmed
              </th>
            </tr>
          </thead>
          <tbody>
            {growth.map((month) => (
              <tr key={month.month} className="border-t border-border">
                <th scope="row" className="py-1 text-left font-normal">
                  {monthName(month.month)}
                </th>
                <td className="py-1 text-right tabular-nums">{month.subscribed}</td>
                <td className="py-1 text-right tabular-nums">{month.confirmed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A CSV from another provider: a file input posted to the page's action, with its code or without it. */
function ImportForm() {
  const refresh = useRefreshAdmin();
  const importer = useRouteForm(NEWSLETTER_FORMS.import, { onAnswer: () => void refresh() });
  const report =
    importer.answer?.kind === 'done' ? (importer.answer.extra as { report: ImportReport }).report : null;

  return (
    <section aria-labelledby="import-heading">
      <h3 id="import-heading" className="font-semibold">
        Import from another provider
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        A CSV with an <code>email</code> column and a <code>consent</code> column (the date each address
        agreed, or yes). Rows without consent are skipped; addresses that left or bounced stay off the list.
      </p>
      <PageForm
        form={importer}
        encType="multipart/form-data"
        className="mt-3 flex flex-wrap items-end gap-3"
        aria-label="Import subscribers"
      >
        <label className="flex max-w-full flex-col gap-1 text-sm font-medium">
          CSV file
          <input type="file" name="file" accept=".csv,text/csv" className="max-w-full text-sm" />
        </label>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          pending={importer.pending}
          pendingText="Importing..."
        >
          Import
        </Button>
      </PageForm>
      {importer.answer?.kind !== 'done' ? <FormNotice answer={importer.answer} className="mt-3" /> : null}
      {report ? (
        <div role="status" className="mt-3 rounded-md border border-border p-3 text-sm">
          <p className="font-semibold">
            {report.added} added, {report.already} already here, {report.suppressed} kept off the list
            {report.skipped.length ? `, ${report.skipped.length} skipped` : ''}.
          </p>
          {report.skipped.length ? (
            <ul className="mt-2 list-disc pl-5 text-muted-foreground">
              {report.skipped.slice(0, 20).map((row) => (
                <li key={row.line}>
                  Line {row.line}: {row.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** Every issue, newest first, with what became of its emails. */
export function IssueList({ issues }: { issues: IssueSummary[] }) {
  const sent = issues.filter((issue) => issue.status === 'sent');
  return (
    <Panel
      headingId="issues-heading"
      title="Sent issues"
      description="New posts go out to those who chose every post as they go live; the monthly roundup in the first days of each month."
    >
      {sent.length === 0 ? (
        <p className="mt-4 text-muted-foreground">Nothing has been sent yet.</p>
      ) : (
        <ul aria-label="Sent issues" className="mt-4 space-y-3">
          {sent.map((issue) => (
            <li key={issue.id}>
              <EntryCard
                label={issue.subject}
                heading={
                  <a href={newsletterPaths.issue(issue.slug)} className="hover:underline">
                    {issue.subject}
                  </a>
                }
                lines={
                  <p className="text-muted-foreground">
                    {KIND_LABELS[issue.kind]} · sent {issue.sentAt ? <When iso={issue.sentAt} /> : null} · to{' '}
                    {issue.recipients} {issue.recipients === 1 ? 'subscriber' : 'subscribers'}
                  </p>
                }
                badge={
                  <StatusBadge
                    tone={issue.failed + issue.bounced > 0 ? 'bad' : issue.waiting > 0 ? 'notice' : 'good'}
                  >
                    {issue.waiting > 0 ? 'Sending' : 'Sent'}
                  </StatusBadge>
                }
              >
                <p className="mt-2 tabular-nums">
                  {issue.delivered} delivered · {issue.waiting} waiting · {issue.failed} failed ·{' '}
                  {issue.bounced} bounced
                </p>
              </EntryCard>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
