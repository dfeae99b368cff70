/**
 * A form's one write path, in the page (issue 44, ADR 018): the form is React Router's fetcher
 * form, a real `<form method="post">` to its route's action (route-form.server.ts). Without
 * JavaScript, or before the page's code arrives, the browser posts it and the page comes back
 * with the answer; once live, the fetcher posts the same fields to the same action and the answer
 * comes back the same way: a refusal as the form's answer (messages by field, what was typed), a
 * success as the page with `?done=<form>`. The page's code only adds what a page can't: the
 * pending state, the spec's toasts, and clearing the form after a success.
 *
 * Fields are the browser's own (uncontrolled), so whatever was typed before the code arrived stays
 * typed; a field's value in the page's HTML is what a refused post kept, else its blank value.
 */

import {
  type ComponentProps,
  forwardRef,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type FetcherWithComponents, type SubmitTarget, useFetcher, useLocation } from 'react-router';
import { toast } from '../ui/use-toast.ts';
import { doneAnchor, type FormAnswer, isFormAnswer, useDone, useFormAnswer } from './form-post.ts';
import { type FormSchema, parseForm } from './form-values.ts';
import { useKeptTyping } from './kept-typing.ts';

export interface RouteFormOptions {
  /** The fetcher's key, when one page holds the same form twice (default: the form's name). */
  key?: string;
  /** Which answers are this one's, when one page holds the same form twice (its values say). */
  match?: (answer: FormAnswer) => boolean;
  /** The `?done=` word a success of this one comes back with (default: the form's name). */
  doneWord?: string;
  /** Blank values by field: a boolean is a checkbox. */
  empty?: Record<string, string | boolean>;
  /** The spec's success toast. */
  done?: { title: string; description?: string };
  /** The spec's failure toast is the answer's title and message; false for a form without one. */
  failureToast?: boolean;
  /**
   * After a success sent from the page that went on to its `?done=` page, with what it sent: what
   * else happens (a dialog closes, a list is read again). An answer shown on the page itself (a
   * step, a report) comes to `onAnswer`.
   */
  onDone?: (sent: FormData | null) => void;
  /** Each answer the page's code gets (what a success shows in the page, say, with its toast). */
  onAnswer?: (answer: FormAnswer) => void;
  /**
   * The form's shared schema, loaded once a post has been refused (it brings zod): from then on the
   * fields are checked again on every change, as the spec asks (validate on submit, re-validate on
   * change), with the same messages the action gave.
   */
  recheck?: () => Promise<FormSchema>;
  /**
   * A long form's name for what is typed into it, kept in the tab until it is sent (a reload or a
   * way back finds it: kept-typing.ts); unset, nothing is kept.
   */
  keepTyped?: string;
}

export interface RouteFormState {
  /** The form's name in the page's action (`_form`): what its PageForm sends, what its answers are matched by. */
  name: string;
  /** The fetcher's form: renders a `<form method="post">` that posts with or without the page's code. */
  Form: FetcherWithComponents<FormAnswer>['Form'];
  fetcher: FetcherWithComponents<FormAnswer>;
  /** Posts the form (or fields) from code, as its button would: the answer comes back as for a press. */
  submit: (
    target: SubmitTarget,
    options?: Parameters<FetcherWithComponents<FormAnswer>['submit']>[1],
  ) => Promise<void>;
  /** On the `<form>`, so a success clears it. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The action's answer to the last post of this form, either way it was posted. */
  answer: FormAnswer | undefined;
  /** The form is on its way (only ever with the page's code). */
  pending: boolean;
  /** This page is the one a success of this form came back to (`?done=<form>`). */
  done: boolean;
  /** The id for what the form turns into once sent: a success sent without scripts scrolls to it. */
  doneId: string;
  /** A field's name and value in the page: what a refused post kept, else its blank value. */
  field(
    name: string,
  ): { name: string; defaultValue: string; autoFocus?: boolean } | { name: string; defaultChecked: boolean };
  /** A field's message from the last answer. */
  errorOf(name: string): string | undefined;
  /** The name its typing is kept under in the tab (`keepTyped`), if any. */
  keepTyped: string | undefined;
}

export function useRouteForm(name: string, options: RouteFormOptions = {}): RouteFormState {
  const fetcher = useFetcher<FormAnswer>({ key: options.key ?? name });
  const posted = useFormAnswer(name);
  const pageAnswer = posted && (options.match?.(posted) ?? true) ? posted : undefined;
  // The answer to what the page's code sent last: a new answer, or none when it went through
  // (React Router keeps a fetcher's last data after its redirect: that one is no longer current).
  const [sentAnswer, setSentAnswer] = useState<{ answer: FormAnswer | undefined } | null>(null);
  const answer = sentAnswer ? sentAnswer.answer : pageAnswer;
  const done = useDone(options.doneWord ?? name);
  const formRef = useRef<HTMLFormElement>(null);
  const rechecked = useRecheck(formRef, answer, options.recheck);
  useKeptTyping(formRef, options.keepTyped, { sent: done && !answer, answered: answer !== undefined });

  // What the page's code sent: when it is back, its answer and the spec's toast (success or failure), once.
  // A send is noted when it starts (the form's submit event, or `submit`), not by watching the
  // fetcher pass through 'submitting': React Router moves its state in transitions, and React may
  // render a quick answer's 'idle' without ever rendering the 'submitting' before it. It is back
  // when the fetcher is idle with new data (a refusal) or after a new location (a success's redirect).
  const location = useLocation();
  const sending = useRef<{ before: unknown; at: string; sent: FormData | null } | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retries = useRef(0);
  useEffect(() => () => clearTimeout(retry.current), []);
  const latest = useRef({ options, data: fetcher.data, at: location.key });
  latest.current = { options, data: fetcher.data, at: location.key };
  const note = useCallback((sent: FormData | null) => {
    sending.current = { before: latest.current.data, at: latest.current.at, sent };
  }, []);
  const fetcherSubmit = fetcher.submit;
  const submit = useCallback<RouteFormState['submit']>(
    (target, submitOptions) => {
      note(sentFields(target));
      return fetcherSubmit(target, submitOptions);
    },
    [note, fetcherSubmit],
  );
  // The fetcher's form, noting each send it makes (after the page's own onSubmit, which may stop it).
  const FetcherForm = fetcher.Form;
  const Form = useMemo(() => {
    const NotingForm = forwardRef<HTMLFormElement, ComponentProps<typeof FetcherForm>>(function NotingForm(
      { onSubmit, ...props },
      ref,
    ) {
      return (
        <FetcherForm
          {...props}
          ref={ref}
          onSubmit={(event) => {
            onSubmit?.(event);
            if (!event.defaultPrevented) {
              const { submitter } = event.nativeEvent as SubmitEvent;
              note(new FormData(event.currentTarget, submitter));
            }
          }}
        />
      );
    });
    return NotingForm as FetcherWithComponents<FormAnswer>['Form'];
  }, [FetcherForm, note]);
  useEffect(() => {
    // A send started some other way (the fetcher's own submit, called by a caller): noted as seen.
    if (fetcher.state !== 'idle' && !sending.current) note(fetcher.formData ?? null);
    const pending = sending.current;
    if (fetcher.state !== 'idle' || !pending) return;
    const fresh = fetcher.data !== pending.before ? fetcher.data : undefined;
    // Not back yet: the send has not reached this render (neither an answer nor the redirect).
    if (fresh === undefined && location.key === pending.at) return;
    const { sent } = pending;
    sending.current = null;
    const { done: doneToast, failureToast = true, onDone } = latest.current.options;
    if (isFormAnswer(fresh) && fresh.form === name) {
      setSentAnswer({ answer: fresh });
      latest.current.options.onAnswer?.(fresh);
      // The bot check's moment had not passed: wait it out and send again, as the visitor would.
      // (Twice at most in a row: a third would mean something else is wrong, which the notice says.)
      const form = formRef.current;
      if (fresh.kind === 'confirm' && fresh.retryInMs !== undefined && form && retries.current < 2) {
        retries.current++;
        retry.current = setTimeout(() => {
          if (form.isConnected) void submit(form);
        }, fresh.retryInMs);
      } else retries.current = 0;
      if (failureToast && fresh.kind !== 'confirm' && fresh.kind !== 'done' && fresh.message) {
        toast({ title: fresh.title, description: fresh.message, variant: 'destructive' });
      }
      return;
    }
    retries.current = 0;
    setSentAnswer({ answer: undefined });
    if (doneToast) toast(doneToast);
    formRef.current?.reset();
    onDone?.(sent);
  }, [fetcher.state, fetcher.data, fetcher.formData, location.key, name, note, submit]);

  const empty = options.empty ?? {};
  return {
    name,
    Form,
    fetcher,
    submit,
    formRef,
    answer,
    pending: fetcher.state !== 'idle',
    done,
    doneId: doneAnchor(options.doneWord ?? name),
    field(field) {
      const blank = empty[field];
      if (typeof blank === 'boolean') {
        return {
          name: field,
          defaultChecked: answer ? answer.values[field] === 'on' || answer.values[field] === 'true' : blank,
        };
      }
      return {
        name: field,
        defaultValue: answer?.values[field] ?? blank ?? '',
        // The first field a refusal names takes the focus as the page loads: without the page's
        // code, a refused post comes back at the top of the page, and the browser brings that field
        // (and its message) into view. (With the code, the answer arrives in a page already there.)
        ...(answer && Object.keys(answer.errors)[0] === field ? { autoFocus: true } : {}),
      };
    },
    errorOf: (field) => (rechecked ? rechecked[field] : answer?.errors[field]),
    keepTyped: options.keepTyped,
  };
}

/**
 * Once a post of the form has been refused, its messages follow every change: the schema is
 * loaded then, and the fields as they are now are checked with it. Null until then.
 *
 * Each refusal's fields are checked again as soon as it is here: a field changed while the post
 * was on its way (a typo fixed the moment the button was pressed) is judged as it is now, not by
 * the answer about what was sent, whose message would otherwise stay until the next keystroke.
 */
function useRecheck(
  formRef: RefObject<HTMLFormElement | null>,
  answer: FormAnswer | undefined,
  load: (() => Promise<FormSchema>) | undefined,
): Record<string, string> | null {
  const [messages, setMessages] = useState<Record<string, string> | null>(null);
  const refusal = answer && Object.keys(answer.errors).length > 0 ? answer : undefined;
  // A new answer from the action starts again from its own messages.
  const [shown, setShown] = useState(answer);
  if (shown !== answer) {
    setShown(answer);
    setMessages(null);
  }
  useEffect(() => {
    const form = formRef.current;
    if (!refusal || !load || !form) return;
    let schema: FormSchema | undefined;
    let stopped = false;
    // After the event has been through the page's own handlers (a controlled field takes its value
    // first): a state change made during the event would put that field back as it was.
    const check = () =>
      setTimeout(() => {
        if (!schema || stopped) return;
        const parsed = parseForm(new FormData(form), schema);
        setMessages(parsed.ok ? {} : parsed.errors);
      });
    void load().then((loaded) => {
      schema = loaded;
      // A change made while the schema was on its way is checked now.
      check();
    });
    form.addEventListener('input', check);
    form.addEventListener('change', check);
    return () => {
      stopped = true;
      form.removeEventListener('input', check);
      form.removeEventListener('change', check);
    };
  }, [refusal, load, formRef]);
  return messages;
}

/** The fields a submit target sends, as the action will read them (null: a body that is not fields). */
function sentFields(target: SubmitTarget): FormData | null {
  if (target instanceof HTMLFormElement) return new FormData(target);
  if (target instanceof FormData) return target;
  if (target instanceof URLSearchParams) {
    const fields = new FormData();
    for (const [name, value] of target) fields.append(name, value);
    return fields;
  }
  if (target && typeof target === 'object' && !(target instanceof HTMLElement) && !Array.isArray(target)) {
    const fields = new FormData();
    for (const [name, value] of Object.entries(target)) if (value != null) fields.append(name, String(value));
    return fields;
  }
  return null;
}
