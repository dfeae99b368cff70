/**
 * 'Leave a Comment' (spec section 5): the comment rules, the 'not-a-robot' verification field, a
 * honeypot and the bot check; new comments wait for moderation. Posted to the post's page, whose
 * action checks and sends it (blog-forms.server.ts), with the page's code or without it (ADR 018).
 */
import { useId } from 'react';
import { island } from '../../islands/island.tsx';
import { HumanCheck } from '../../lib/form-token.tsx';
import { paths } from '../../lib/paths.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { COMMENT_FORM } from './api.ts';

const recheck = () =>
  import('../../../common/schemas/comments.ts').then((module) => module.commentFormSchema);

const SUBMITTED = {
  title: 'Comment submitted',
  description: 'Your comment has been submitted and is awaiting moderation.',
};

/** 'Leave a Comment': stored awaiting moderation. */
function CommentFormContent({ slug }: { slug: string }) {
  const formId = useId();
  const comment = useRouteForm(COMMENT_FORM, {
    empty: { notifyOnReply: false },
    done: SUBMITTED,
    recheck,
    keepTyped: `comment:${slug}`,
  });
  const { field, errorOf } = comment;
  return (
    <PageForm
      form={comment}
      action={`${paths.post(slug)}#leave-comment`}
      aria-labelledby="leave-comment"
      className="relative mt-10 rounded-lg border border-border bg-card p-6"
    >
      <div className="min-w-0 space-y-4">
        <h3 id="leave-comment" className="text-xl font-semibold">
          Leave a Comment
        </h3>
        {comment.done && !comment.answer ? (
          <DoneNotice title={SUBMITTED.title} text={SUBMITTED.description} />
        ) : null}
        <FormNotice answer={comment.answer} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={errorOf('name')}>
            <Input autoComplete="name" {...field('name')} />
          </Field>
          <Field label="Email" hint="Never shown or shared." error={errorOf('email')}>
            <Input type="email" autoComplete="email" {...field('email')} />
          </Field>
        </div>
        <Field label="Comment" error={errorOf('content')}>
          <Textarea rows={5} className="min-h-[120px]" {...field('content')} />
        </Field>
        <div className="flex items-start gap-2 text-sm">
          <input
            id={`${formId}-notify`}
            type="checkbox"
            aria-describedby={`${formId}-notify-hint`}
            className="mt-0.5 h-4 w-4 accent-primary"
            {...field('notifyOnReply')}
          />
          <div>
            <label htmlFor={`${formId}-notify`}>Notify me when the author replies</label>
            <p id={`${formId}-notify-hint`} className="text-xs text-muted-foreground">
              One email per reply, with a link to stop them.
            </p>
          </div>
        </div>
        <HumanCheck form={comment} />
        <Button type="submit" pending={comment.pending} pendingText="Submitting...">
          Submit Comment
        </Button>
      </div>
    </PageForm>
  );
}

/** 'Leave a Comment' is an island (ADR 023): the comments above it are the page's HTML. */
export const CommentForm = island('comment-form', CommentFormContent, { start: 'touch' });
export { CommentFormContent };
