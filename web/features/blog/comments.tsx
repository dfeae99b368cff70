/**
 * A post's approved comments and the 'Leave a Comment' form: the comment rules
 * of spec section 5, the 'not-a-robot' verification field, a honeypot and the
 * signed form token. New comments wait for moderation.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { type CommentFormInput, commentFormSchema } from '../../../common/schemas/forms.ts';
import { longDate } from '../../lib/dates.ts';
import { apiRequest, errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { commentsPath, commentsQuery } from './api.ts';
import { HumanCheck, useFormToken } from './form-token.tsx';

const empty: CommentFormInput = { name: '', email: '', content: '', captchaToken: '', website: '' };

export function Comments({ postId }: { postId: number }) {
  const staticCopy = useStaticCopy();
  const { data: comments = [] } = useQuery(commentsQuery(postId));

  return (
    <section aria-labelledby="comments-heading" className="mt-16 border-t border-border pt-10">
      <h2 id="comments-heading" className="text-2xl font-bold">
        {comments.length > 0 ? `Comments (${comments.length})` : 'Comments'}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 text-muted-foreground">No comments yet. Be the first to comment!</p>
      ) : (
        <ul className="mt-6 space-y-6">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-lg border border-border p-4">
              <p className="font-semibold">{comment.name}</p>
              <time dateTime={comment.createdAt} className="text-sm text-muted-foreground">
                {longDate(comment.createdAt)}
              </time>
              <p className="mt-2 whitespace-pre-line">{comment.content}</p>
            </li>
          ))}
        </ul>
      )}
      {staticCopy ? <StaticNotice feature="Commenting" className="mt-10" /> : <CommentForm postId={postId} />}
    </section>
  );
}

/** 'Leave a Comment': stored awaiting moderation, then the list is refreshed. */
function CommentForm({ postId }: { postId: number }) {
  const queryClient = useQueryClient();
  const withFormToken = useFormToken({ form: 'comment', postId });
  const form = useForm<CommentFormInput>({ resolver: zodResolver(commentFormSchema), defaultValues: empty });
  const { errors } = form.formState;

  const submit = useMutation({
    mutationFn: (values: CommentFormInput) =>
      withFormToken(async (formToken) =>
        (await apiRequest('POST', commentsPath(postId), { ...values, formToken })).json(),
      ),
    onSuccess: async () => {
      toast({
        title: 'Comment submitted',
        description: 'Your comment has been submitted and is awaiting moderation.',
      });
      form.reset(empty);
      await queryClient.invalidateQueries({ queryKey: commentsQuery(postId).queryKey });
    },
    onError: (failure) => {
      toast({
        title: 'Error submitting comment',
        description: errorMessage(failure) || 'Please try again later',
        variant: 'destructive',
      });
    },
  });

  return (
    <form
      noValidate
      aria-labelledby="leave-comment"
      className="relative mt-10 space-y-4 rounded-lg border border-border bg-card p-6"
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      <h3 id="leave-comment" className="text-xl font-semibold">
        Leave a Comment
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </Field>
        <Field label="Email" hint="Never shown or shared." error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
      </div>
      <Field label="Comment" error={errors.content?.message}>
        <Textarea rows={5} className="min-h-[120px]" {...form.register('content')} />
      </Field>
      <HumanCheck
        captcha={form.register('captchaToken')}
        honeypot={form.register('website')}
        error={errors.captchaToken?.message}
      />
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting...' : 'Submit Comment'}
      </Button>
    </form>
  );
}
