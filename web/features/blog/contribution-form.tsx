/**
 * A guest post for the blog: the contribution rules of spec section 5, the verification phrase,
 * a honeypot and the form token; stored unreviewed through POST /api/blog/contributions.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type ContributionInput, contributionSchema } from '../../../common/schemas/forms.ts';
import { paths } from '../../lib/paths.ts';
import { apiRequest, errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { CheckCircle2 } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { CONTRIBUTIONS_PATH } from './api.ts';
import { HumanCheck, useFormToken } from './form-token.tsx';

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
  const form = useForm<ContributionInput>({
    resolver: zodResolver(contributionSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const send = useMutation({
    mutationFn: (values: ContributionInput) =>
      withFormToken(async (formToken) =>
        (await apiRequest('POST', CONTRIBUTIONS_PATH, { ...values, formToken })).json(),
      ),
    onSuccess: () => {
      form.reset(empty);
      setSent(true);
    },
    onError: (failure) => {
      toast({
        title: 'Error',
        description: errorMessage(failure) || 'Please try again later',
        variant: 'destructive',
      });
    },
  });
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  return (
    <>
      {staticCopy ? (
        <StaticNotice feature="Sending a guest post" />
      ) : sent ? (
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
            <Button variant="outline" onClick={() => setSent(false)}>
              Send another post
            </Button>
            <Button asChild>
              <Link to={paths.blog}>Back to Blog</Link>
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          aria-label="Guest post"
          className="relative space-y-5 rounded-lg border border-border bg-card p-6"
          onSubmit={form.handleSubmit((values) => send.mutate(values))}
        >
          <Field label="Title" hint="5 to 100 characters." error={errors.title?.message}>
            <Input {...form.register('title')} />
          </Field>
          <Field
            label="Summary"
            hint="20 to 500 characters, shown in the blog list."
            error={errors.summary?.message}
          >
            <Textarea rows={3} {...form.register('summary')} />
          </Field>
          <Field label="Content" hint="Markdown, at least 200 characters." error={errors.content?.message}>
            <Textarea rows={14} className="font-mono" {...form.register('content')} />
          </Field>
          <Field label="Tags" hint="Comma-separated, at least one." error={errors.tags?.message}>
            <Input placeholder="Electronics, Repair" {...form.register('tags')} />
          </Field>
          <Field label="Cover image URL (optional)" error={errors.coverImage?.message}>
            <Input type="url" {...form.register('coverImage')} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Your name" error={errors.authorName?.message}>
              <Input autoComplete="name" {...form.register('authorName')} />
            </Field>
            <Field label="Your email" hint="Never published." error={errors.authorEmail?.message}>
              <Input type="email" autoComplete="email" {...form.register('authorEmail')} />
            </Field>
          </div>
          <HumanCheck
            captcha={form.register('captchaToken')}
            honeypot={form.register('website')}
            error={errors.captchaToken?.message}
          />
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Submitting...' : 'Submit for Review'}
          </Button>
        </form>
      )}
    </>
  );
}
