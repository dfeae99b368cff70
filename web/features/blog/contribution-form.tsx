/**
 * A guest post for the blog: the contribution rules of spec section 5, the verification phrase,
 * a honeypot and the form token; stored unreviewed through POST /api/blog/contributions.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type ContributionInput, contributionSchema } from '../../../common/schemas/contributions.ts';
import { useDone } from '../../lib/form-post.ts';
import { HumanCheck, humanCheckOf, useFormToken } from '../../lib/form-token.tsx';
import { paths } from '../../lib/paths.ts';
import { usePostForm } from '../../lib/use-post-form.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormName, FormNotice } from '../../ui/form-notice.tsx';
import { CheckCircle2 } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { failureToast } from '../../ui/use-toast.ts';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { sendContribution } from './api.ts';

const empty = {
  title: '',
  summary: '',
  content: '',
  tags: '',
  authorName: '',
  authorEmail: '',
  coverImage: '',
  captchaToken: '',
  website: '',
} satisfies ContributionInput;

/** The guest post form, its Thank You panel once sent, or on the static copy a notice. */
export function ContributionForm() {
  const staticCopy = useStaticCopy();
  const [sent, setSent] = useState(false);
  const thanks = useRef<HTMLHeadingElement>(null);
  const withFormToken = useFormToken({ form: 'contribution' });
  const done = useDone('contribution');
  const { form, answer, field, errorOf, onSubmit } = usePostForm<ContributionInput>({
    id: 'contribution-form',
    form: 'contribution',
    empty,
    resolver: zodResolver(contributionSchema),
  });
  const send = useMutation({
    mutationFn: (values: ContributionInput) =>
      withFormToken((formToken) => sendContribution({ ...values, formToken })),
    onSuccess: () => {
      form.reset(empty);
      setSent(true);
    },
    onError: failureToast('Error', 'Please try again later'),
  });
  useEffect(() => {
    if (sent || done) thanks.current?.focus();
  }, [sent, done]);

  return (
    <>
      {staticCopy ? (
        <StaticNotice feature="Sending a guest post" />
      ) : sent || (done && send.isIdle) ? (
        <div className="flex flex-col items-center rounded-lg border border-border bg-card p-8 text-center">
          <CheckCircle2 className="h-12 w-12 text-primary" />
          <h2 ref={thanks} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
            Thank you for your contribution!
          </h2>
          <p className="mt-2 text-muted-foreground">
            Your guest post has been received and is awaiting review. Nothing is published before it has been
            read.
          </p>
          <div className="mt-6 flex gap-3">
            {sent ? (
              <Button variant="outline" onClick={() => setSent(false)}>
                Send another post
              </Button>
            ) : (
              <Button variant="outline" asChild>
                <a href={paths.contribute}>Send another post</a>
              </Button>
            )}
            <Button asChild>
              <Link to={paths.blog}>Back to Blog</Link>
            </Button>
          </div>
        </div>
      ) : (
        <form
          id="contribution-form"
          method="post"
          action={paths.contribute}
          noValidate
          aria-label="Guest post"
          className="relative space-y-5 rounded-lg border border-border bg-card p-6"
          onSubmit={onSubmit((values) => send.mutate(values))}
        >
          <FormName name="contribution" />
          <FormNotice answer={answer} />
          <Field label="Title" hint="5 to 100 characters." error={errorOf('title')}>
            <Input {...field('title')} />
          </Field>
          <Field
            label="Summary"
            hint="20 to 500 characters, shown in the blog list."
            error={errorOf('summary')}
          >
            <Textarea rows={3} {...field('summary')} />
          </Field>
          <Field label="Content" hint="Markdown, at least 200 characters." error={errorOf('content')}>
            <Textarea rows={14} className="font-mono" {...field('content')} />
          </Field>
          <Field label="Tags" hint="Comma-separated, at least one." error={errorOf('tags')}>
            <Input placeholder="Electronics, Repair" {...field('tags')} />
          </Field>
          <Field label="Cover image URL (optional)" error={errorOf('coverImage')}>
            <Input type="url" {...field('coverImage')} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Your name" error={errorOf('authorName')}>
              <Input autoComplete="name" {...field('authorName')} />
            </Field>
            <Field label="Your email" hint="Never published." error={errorOf('authorEmail')}>
              <Input type="email" autoComplete="email" {...field('authorEmail')} />
            </Field>
          </div>
          <HumanCheck {...humanCheckOf({ field, form, errorOf, answer })} />
          <Button type="submit" pending={send.isPending} pendingText="Submitting...">
            Submit for Review
          </Button>
        </form>
      )}
    </>
  );
}
