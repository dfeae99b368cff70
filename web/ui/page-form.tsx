import type { ComponentProps, ReactNode, Ref } from 'react';
import { usePageAction } from '../lib/form-post.ts';
import { KEPT_ATTRIBUTE } from '../lib/kept-typing-store.ts';
import type { RouteFormState } from '../lib/route-form.tsx';
import { FormName, FormNotice } from './form-notice.tsx';

/**
 * A form of the page (ADR 018): a real `<form method="post">` that the page's action takes, with
 * the page's code (its fetcher) or without it; its state's name (`useRouteForm`) says which of the
 * page's forms it is. The
 * rest is the form's own: its fields, its address (`action`, else the page itself), its label.
 *
 * The form's checks are its schema's, with the spec's messages, in the action's answer (and again
 * on each change once refused, `recheck`): the browser's own are off (ADR 030), so its bubbles never
 * stand in for them. A form that wants them too says `noValidate={false}`.
 */
export function PageForm({
  form,
  name = form.name,
  formRef = form.formRef,
  noValidate = true,
  preventScrollReset = true,
  action,
  children,
  ...props
}: {
  /** Its state (`useRouteForm`, `useRowForm`): the fetcher's form, the ref that clears it once sent. */
  form: RouteFormState;
  /** The form's name in the page's action (`_form`): by default its state's (`useRouteForm`'s). */
  name?: string;
  /** The page stays where it is scrolled when a post comes back (false: a form whose success is a page of its own). */
  preventScrollReset?: boolean;
  /** Where it posts: by default the page itself (`usePageAction`: its query kept, not `?done=`). */
  action?: string;
  /** A ref of its own instead of the one a success clears (the post editor keeps what it holds). */
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
} & Omit<ComponentProps<RouteFormState['Form']>, 'ref' | 'method' | 'children' | 'action'>) {
  const pageAction = usePageAction();
  return (
    <form.Form
      ref={formRef}
      method="post"
      noValidate={noValidate}
      preventScrollReset={preventScrollReset}
      action={action ?? pageAction}
      // The name its typing is kept under in the tab, which the islands' runtime looks for.
      {...(form.keepTyped ? { [KEPT_ATTRIBUTE]: form.keepTyped } : {})}
      {...props}
    >
      <FormName name={name} />
      {children}
    </form.Form>
  );
}

/**
 * A visitor's form on a card of its own (a quote, a resume request, a testimonial): its heading,
 * then its answer's notice, then its fields.
 */
export function CardForm({
  heading,
  headingId,
  level = 2,
  className = 'space-y-4',
  children,
  ...props
}: Parameters<typeof PageForm>[0] & {
  heading: ReactNode;
  headingId: string;
  /** h3 inside a section of its own (the home page's contact). */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <PageForm
      aria-labelledby={headingId}
      className={`${className} rounded-lg border border-border bg-card p-6`}
      {...props}
    >
      <Heading id={headingId} className="text-xl font-semibold">
        {heading}
      </Heading>
      <FormNotice answer={props.form.answer} />
      {children}
    </PageForm>
  );
}
