/**
 * 'Leave a Comment' (spec section 5): the comment rules, the 'not-a-robot' verification field, a
 * honeypot and the signed form token; new comments wait for moderation. Loaded as a chunk of its
 * own (comments.tsx). Its fields stay disabled until it is live, so nothing typed before then is
 * lost and nothing is sent the browser's way.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type CommentFormInput, commentFormSchema } from '../../../common/schemas/forms.ts';
import { apiRequest, errorMessage } from '../../lib/request.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { toast } from '../../ui/use-toast.ts';
import { commentsPath, commentsQuery } from './api.ts';
import { HumanCheck, useFormToken } from './form-token.tsx';

const empty: CommentFormInput = {
  name: '',
  email: '',
  content: '',
  captchaToken: '',
  website: '',
  notifyOnReply: false,
};

/** 'Leave a Comment': stored awaiting moderation, then the list is refreshed. */
export default function CommentForm({ postId }: { postId: number }) {
  const queryClient = useQueryClient();
  const ready = useHydrated();
  const formId = useId();
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
      className="relative mt-10 rounded-lg border border-border bg-card p-6"
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
      data-ready={ready ? 'true' : undefined}
    >
      <fieldset disabled={!ready} className="min-w-0 space-y-4">
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
        <div className="flex items-start gap-2 text-sm">
          <input
            id={`${formId}-notify`}
            type="checkbox"
            aria-describedby={`${formId}-notify-hint`}
            className="mt-0.5 h-4 w-4 accent-primary"
            {...form.register('notifyOnReply')}
          />
          <div>
            <label htmlFor={`${formId}-notify`}>Notify me when the author replies</label>
            <p id={`${formId}-notify-hint`} className="text-xs text-muted-foreground">
              One email per reply, with a link to stop them.
            </p>
          </div>
        </div>
        <HumanCheck
          captcha={form.register('captchaToken')}
          honeypot={form.register('website')}
          error={errors.captchaToken?.message}
        />
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit Comment'}
        </Button>
      </fieldset>
    </form>
  );
}
