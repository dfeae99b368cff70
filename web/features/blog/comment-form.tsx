/**
 * 'Leave a Comment' (spec section 5): the comment rules, the 'not-a-robot' verification field, a
 * honeypot and the signed form token; new comments wait for moderation. Loaded as a chunk of its
 * own (comments.tsx). Before its code arrives the server's form posts to the post's page, whose
 * action sends it through the same API (ADR 013); nothing typed before the code arrives is cleared.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { type CommentFormInput, commentFormSchema } from '../../../common/schemas/comments.ts';
import { useDone } from '../../lib/form-post.ts';
import { HumanCheck, humanCheckOf, useFormToken } from '../../lib/form-token.tsx';
import { paths } from '../../lib/paths.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { usePostForm } from '../../lib/use-post-form.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { failureToast, toast } from '../../ui/use-toast.ts';
import { commentsQuery, sendComment } from './api.ts';

// The stand-in in comments.tsx names the same id (importing it would load this chunk early).
const COMMENT_FORM_ID = 'comment-form';

const empty: CommentFormInput = {
  name: '',
  email: '',
  content: '',
  captchaToken: '',
  website: '',
  notifyOnReply: false,
};

/** 'Leave a Comment': stored awaiting moderation, then the list is refreshed. */
export default function CommentForm({ postId, slug }: { postId: number; slug: string }) {
  const queryClient = useQueryClient();
  const ready = useHydrated();
  const formId = useId();
  const withFormToken = useFormToken({ form: 'comment', postId });
  const done = useDone('comment');
  const { form, answer, field, errorOf, onSubmit } = usePostForm<CommentFormInput>({
    id: COMMENT_FORM_ID,
    form: 'comment',
    empty,
    resolver: zodResolver(commentFormSchema),
  });

  const submit = useMutation({
    mutationFn: (values: CommentFormInput) =>
      withFormToken((formToken) => sendComment(postId, { ...values, formToken })),
    onSuccess: async () => {
      toast({
        title: 'Comment submitted',
        description: 'Your comment has been submitted and is awaiting moderation.',
      });
      form.reset(empty);
      await queryClient.invalidateQueries({ queryKey: commentsQuery(postId).queryKey });
    },
    onError: failureToast('Error submitting comment', 'Please try again later'),
  });

  return (
    <form
      id={COMMENT_FORM_ID}
      method="post"
      action={`${paths.post(slug)}#leave-comment`}
      noValidate
      aria-labelledby="leave-comment"
      className="relative mt-10 rounded-lg border border-border bg-card p-6"
      onSubmit={onSubmit((values) => submit.mutate(values))}
      data-ready={ready ? 'true' : undefined}
    >
      <div className="min-w-0 space-y-4">
        <FormName name="comment" />
        <h3 id="leave-comment" className="text-xl font-semibold">
          Leave a Comment
        </h3>
        {done && !submit.isSuccess ? (
          <DoneNotice
            title="Comment submitted"
            text="Your comment has been submitted and is awaiting moderation."
          />
        ) : null}
        <FormNotice answer={answer} />
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
        <HumanCheck {...humanCheckOf({ field, form, errorOf, answer })} />
        <Button type="submit" pending={submit.isPending} pendingText="Submitting...">
          Submit Comment
        </Button>
      </div>
    </form>
  );
}
