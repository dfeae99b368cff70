/**
 * A dashboard form posted without the page's code after its session had ended: the dashboard
 * cannot be drawn without a session, so instead of the sign-in page (where what was typed would be
 * gone) this says so, as the page's code does, and keeps the post whole in a form of its own. The
 * owner signs in in a new tab and presses the button here: the same fields go to the same action,
 * whose answer (the page with `?done=`, or the form with its messages) follows as usual.
 */
import type { FormAnswer } from '../../lib/form-post.ts';
import { Button } from '../../ui/button.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

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
    </div>
  );
}
