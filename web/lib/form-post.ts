/**
 * Forms that work before their code arrives (ADR 013). Every form posts to its own page; the
 * page's action sends the fields through the same API route the script would call and answers
 * with a redirect to a page that says it worked, or with this answer: the page again, the
 * spec's messages beside the fields and everything typed kept (passwords and codes aside).
 * With JavaScript the form's own handler sends it instead, as before; these helpers only
 * carry what a posted form needs across a full page load.
 */
import { useActionData, useLocation, useSearchParams } from 'react-router';

/** What a page's action answers a form it could not send (or that needs one more step). */
export interface FormAnswer {
  /** Which form on the page this answer is for (a page may hold several). */
  form: string;
  /** The spec's failure toast, shown above the form: its title and its message. */
  title: string;
  message: string;
  /** The spec's messages by field name. */
  errors: Record<string, string>;
  /** What the visitor typed, back into the fields (never a password, a code or a token). */
  values: Record<string, string>;
  /** A fresh bot-check token, for the next post of a form with a bot check. */
  formToken?: string;
  /**
   * 'confirm': nothing was wrong, the form needs one more press (it was posted without a token).
   * 'done': it was sent, and the page shows what can be shown only once (in `extra`).
   * 'signed-out': nothing was sent, for want of a session; the page offers to sign in beside it.
   */
  kind?: 'refused' | 'confirm' | 'done' | 'signed-out';
  /**
   * With 'confirm': after how long the form may be sent again. The page's code waits that long and
   * sends it again by itself (the visitor presses once); without it, the visitor presses again.
   */
  retryInMs?: number;
  /** Anything else the page shows with the answer (the code step of a sign-in, recommendations). */
  extra?: Record<string, unknown>;
}

/** The field that names which of a page's forms was posted. */
export const FORM_FIELD = '_form';

/**
 * Which of the page's forms was posted: the pressed button's own name for it where it has one (a
 * button with `name="_form"` that posts another form's fields, as the newsletter's test and send
 * post the editor's; its entry comes after the form's own, which `PageForm` puts first), else the
 * form's own name.
 */
export const formNameOf = (fields: FormData): string => String(fields.getAll(FORM_FIELD).at(-1) ?? '');

/**
 * Fields whose value is never kept: not sent back into the page with a refusal (what the visitor
 * must type again), nor kept in the tab (kept-typing.ts).
 */
export const NOT_KEPT_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'confirmPassword',
  'code',
  'token',
  'formToken',
  'website',
  FORM_FIELD,
]);

/** The query word a successful post comes back with (`?done=quote`): never anything typed. */
export const DONE_PARAM = 'done';
/**
 * The id of what a form turns into once sent (its thank-you panel): a form far down a long page
 * sends a success back to `?done=<word>#done-<word>`, so the answer is in view without scripts.
 */
export const doneAnchor = (word: string) => `done-${word}`;

export function isFormAnswer(value: unknown): value is FormAnswer {
  return typeof value === 'object' && value !== null && typeof (value as FormAnswer).form === 'string';
}

/** The page action's answer for this form, when the page is the answer to posting it. */
export function useFormAnswer(form: string): FormAnswer | undefined {
  const data: unknown = useActionData();
  return isFormAnswer(data) && data.form === form ? data : undefined;
}

/** Whether this page is the one a successful post of `form` came back to. */
export function useDone(form: string): boolean {
  const [params] = useSearchParams();
  return params.get(DONE_PARAM) === form;
}

/**
 * The values a form's fields hold in the page as it is now: what the server rendered, or what
 * the visitor typed before the code arrived. Read once as the form's code first renders (during
 * hydration the server's elements are still there), so a form library that writes its default
 * values into the fields never clears anything typed.
 */
export function typedValues(formId: string): Record<string, string | boolean> {
  if (typeof document === 'undefined') return {};
  const element = document.getElementById(formId);
  if (!(element instanceof HTMLFormElement)) return {};
  const values: Record<string, string | boolean> = {};
  for (const control of Array.from(element.elements)) {
    if (
      !(control instanceof HTMLInputElement) &&
      !(control instanceof HTMLTextAreaElement) &&
      !(control instanceof HTMLSelectElement)
    ) {
      continue;
    }
    const name = control.name;
    if (!name || name === FORM_FIELD) continue;
    if (control instanceof HTMLInputElement && control.type === 'checkbox') values[name] = control.checked;
    else if (control instanceof HTMLInputElement && control.type === 'hidden') continue;
    else values[name] = control.value;
  }
  return values;
}

/**
 * Where a form on this page posts: the page itself, its query kept (a list's filter, the post being
 * edited) but not the word a success came back with. An index route's page (the dashboard's posts)
 * names itself with `?index`, else the post goes to the route around it.
 */
export function usePageAction({ index = false } = {}): string {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(DONE_PARAM);
  params.delete('index');
  const query = [index ? 'index' : '', params.toString()].filter(Boolean).join('&');
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * This page's address with a question asked (`?<param>=<value>`, a confirm step) or, with null,
 * without it: its other parameters (a list's page and filters) kept, the word a success came back
 * with not.
 */
export function useAsking(param: string, value: string | null): string {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(DONE_PARAM);
  if (value === null) params.delete(param);
  else params.set(param, value);
  return `?${params}`;
}
