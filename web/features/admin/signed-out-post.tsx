/**
 * A dashboard form posted without the page's code after its session had ended: the dashboard
 * cannot be drawn without a session, so instead of the sign-in page (where what was typed would be
 * gone) this says so, as the page's code does, and keeps the post whole in a form of its own. The
 * owner signs in in a new tab and presses the button here: the same fields go to the same action,
 * whose answer (the page with `?done=`, or the form with its messages) follows as usual. What was
 * typed is shown too, to read or copy from.
 */
import type { FormAnswer } from '../../lib/form-post.ts';
import { Button } from '../../ui/button.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/**
 * Fields a dashboard form's page fills in, never typed (which row, which version it was based on,
 * the zone its times are in): sent again, not shown as what was typed.
 */
const PAGE_FILLED = new Set(['id', 'ids', 'basedOn', 'timeZone', 'commentId']);

/** A posted field's name as a label: `coverImage` and `tags[]` as 'Cover image' and 'Tags'. */
const labelOf = (name: string) => {
  const words = name
    .replace(/\[\]$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function SignedOutPost({
  answer,
  fields,
  action,
}: {
  answer: FormAnswer;
  fields: [string, string][];
  /** Where it was posted (the page, with an index page's `?index`). */
  action: string;
}) {
  // What was sent: every field but the form's own (`_form`), the page's own and the empty ones.
  const typed = fields.filter(
    ([name, value]) => !name.startsWith('_') && !PAGE_FILLED.has(name) && value.trim() !== '',
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Admin Dashboard" />
      <form method="post" action={action} aria-label="What you sent" className="space-y-4">
        <FormNotice answer={answer} />
        {fields.map(([name, value], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the posted fields in their order, never reordered.
          <input key={index} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit">Send it again</Button>
      </form>
      {typed.length > 0 ? (
        <details open className="mt-8 rounded-lg border border-border p-4">
          <summary className="cursor-pointer font-medium">What the form sent</summary>
          <dl className="mt-3 space-y-3">
            {typed.map(([name, value], index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the posted fields in their order, never reordered.
              <div key={index}>
                <dt className="text-sm font-medium">{labelOf(name)}</dt>
                <dd className="text-sm break-words whitespace-pre-wrap text-muted-foreground">{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  );
}
