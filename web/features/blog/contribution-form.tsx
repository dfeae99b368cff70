/**
 * A guest post for the blog: the contribution rules of spec section 5, the verification phrase,
 * a honeypot and the form token; stored unreviewed through POST /api/blog/contributions.
 */
import { useEffect, useRef } from 'react';
import { HumanCheck } from '../../lib/form-token.tsx';
import { paths } from '../../lib/paths.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { CheckCircle2 } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Link } from '../../ui/link.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { CONTRIBUTION_FORM } from './api.ts';

const recheck = () =>
  import('../../../common/schemas/contributions.ts').then((module) => module.contributionSchema);

/** The guest post form, its Thank You panel once sent, or on the static copy a notice. */
export function ContributionForm() {
  const staticCopy = useStaticCopy();
  const thanks = useRef<HTMLHeadingElement>(null);
  const guestPost = useRouteForm(CONTRIBUTION_FORM, { recheck, keepTyped: 'guest-post' });
  const { field, errorOf } = guestPost;
  const sent = guestPost.done && !guestPost.answer;
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
            <Button variant="outline" asChild>
              <Link to={paths.contribute}>Send another post</Link>
            </Button>
            <Button asChild>
              <Link to={paths.blog}>Back to Blog</Link>
            </Button>
          </div>
        </div>
      ) : (
        <PageForm
          preventScrollReset={false}
          form={guestPost}
          action={paths.contribute}
          aria-label="Guest post"
          className="relative space-y-5 rounded-lg border border-border bg-card p-6"
        >
          <FormNotice answer={guestPost.answer} />
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
          <HumanCheck form={guestPost} />
          <Button type="submit" pending={guestPost.pending} pendingText="Submitting...">
            Submit for Review
          </Button>
        </PageForm>
      )}
    </>
  );
}
