/**
 * The one write path of every form (issue 44, ADR 018): a route's action reads the posted fields
 * with the form's shared zod schema, sends what they make to the site's API in process as the
 * visitor (same rules, limits and bot checks as any API client), and answers in the same way
 * whether the browser posted the form itself (no JavaScript, or before the code arrived) or the
 * page's code posted it through `useFetcher`:
 *
 * - a success redirects (303) to the page with `?done=<form>` (or where the form says), so a
 *   reload never sends it twice; the page shows what the spec's toast says, and the code adds
 *   the toast;
 * - a refusal is the form's answer (`FormAnswer`): the spec's messages by field, the toast's title
 *   and message, and what was typed (never a password, a code or a token), shown beside the form;
 * - what can be shown only once (a private link, recovery codes, an image) is answered in the page.
 *
 * A form with a bot check (comment, guest post, endorsement) takes its token from the post, or,
 * sent without one, from the visit (`context.visit`): a person who has been on the page the usual
 * seconds is sent at the first press; a press sooner than that is asked to wait a moment.
 */
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { MIN_FORM_FILL_MS, SIGN_IN_REQUIRED } from '../../common/constants.ts';
import type { ApiAnswer, WebLoadContext } from '../../common/web-context.ts';
import { type FormTokenFor, formTokenPath } from './api.ts';
import { DONE_PARAM, FORM_FIELD, type FormAnswer, formNameOf, NOT_KEPT_FIELDS } from './form-post.ts';
import { type FormSchema, parseForm } from './form-values.ts';

export interface Failure {
  /** The spec's toast title for a failure of this form. */
  title: string;
  /** Its message when the server gave none. */
  fallback: string;
}

/** The API call a form's values make. */
export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** With a body already encoded (a file): its content type. */
  contentType?: string;
}

/** Values that make no call, and why: the message beside the field (or above the form). */
export interface Problem {
  problem: string;
  field?: string;
}

export interface RouteForm<S extends FormSchema = FormSchema> {
  /** The shared schema the posted fields are read with (the API reads the call's body with its own). */
  schema: S;
  /** The spec's failure toast: its title, and its message when the API gave none. */
  failure: Failure;
  /** The toast's message around the API's, as the spec words it (`Failed to ...: {message}`). */
  describe?: (message: string, values: z.output<S>) => string;
  /** The call the values make, or a problem to show. */
  call: (
    values: z.output<S>,
    page: { context: WebLoadContext; url: URL; form: FormData },
  ) => ApiCall | Problem | Promise<ApiCall | Problem>;
  /** Where a success goes (default: the page again, `?done=<form>`). */
  doneAt?: (answer: unknown, page: URL, values: z.output<S>) => string;
  /**
   * A success whose answer can be shown only once: the page itself with it, never a redirect (or,
   * undefined, this answer is a plain success).
   */
  show?: (answer: unknown, values: z.output<S>) => Record<string, unknown> | undefined;
  /** Fields refused by the schema that the spec answers with a toast of its own (title and message). */
  invalid?: (errors: Record<string, string>) => { title: string; message: string } | undefined;
  /** An answer the API sent as a success but that says it failed (spec section 8): its message. */
  unsuccessful?: (answer: unknown) => string | undefined;
  /** A public form's bot check: which token it needs, and the submit button's label. */
  botCheck?: { target: (values: z.output<S>, url: URL) => FormTokenFor; submitLabel: string };
  /**
   * Files the browser posted with the form (its code sends each as it is chosen): stored before the
   * fields are read, each leaving its address in the fields, so a refusal keeps it; or a problem.
   */
  files?: (form: FormData, context: WebLoadContext) => Promise<Problem | undefined>;
}

/** Declares a form (typed by its schema). */
export const routeForm = <S extends FormSchema>(form: RouteForm<S>): RouteForm =>
  form as unknown as RouteForm;

/** What the visitor typed, minus what is never shown again. */
export function keptValues(form: FormData): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string' || NOT_KEPT_FIELDS.has(name)) continue;
    // A field sent more than once (a list's entries): all of them, as a comma list.
    const before = kept[name];
    kept[name] = before === undefined ? value : [before, value].filter(Boolean).join(', ');
  }
  return kept;
}

/** Every field posted as text, in order (a list's entries each), minus what is never kept. */
export function postedFields(form: FormData): [string, string][] {
  const fields: [string, string][] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string' && (name === FORM_FIELD || !NOT_KEPT_FIELDS.has(name)))
      fields.push([name, value]);
  }
  return fields;
}

/** The server's message and field messages, from an API error body. */
export function messagesOf(answer: ApiAnswer): { message?: string; errors: Record<string, string> } {
  const body = (answer.body ?? {}) as { message?: unknown; errors?: unknown };
  const errors: Record<string, string> = {};
  if (body.errors && typeof body.errors === 'object') {
    for (const [field, message] of Object.entries(body.errors as Record<string, unknown>)) {
      if (typeof message === 'string') errors[field] = message;
    }
  }
  // A server error says nothing of its cause to the visitor: the form's own fallback.
  const message = answer.status < 500 && typeof body.message === 'string' ? body.message : undefined;
  return message === undefined ? { errors } : { message, errors };
}

const isOk = (answer: ApiAnswer) => answer.status >= 200 && answer.status < 300;

/** The form's answer: the page (or the page's code) shows it beside the form. */
function answered(status: number, body: FormAnswer) {
  return data(body, { status });
}

/**
 * The address of the page a form was posted from: a post from the page's code goes to its data
 * address (`/blog.data`, `/_.data` for the home page), which is not a page to come back to.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith('.data')) {
    url.pathname = url.pathname === '/_.data' ? '/' : url.pathname.replace(/\.data$/, '');
  }
  url.searchParams.delete('_routes');
  return url;
}

/** The page the form was on with `?done={form}`: its own query kept, React Router's `index` not. */
export function donePage(page: URL, form: string, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams(page.search);
  search.delete('index');
  search.delete(DONE_PARAM);
  for (const [name, value] of Object.entries(extra)) search.set(name, value);
  search.set(DONE_PARAM, form);
  return `${page.pathname}?${search}`;
}

/** `donePage` for a page of this site named by its path (and query), such as the page a form came from. */
export const donePath = (path: string, form: string): string => donePage(new URL(path, 'http://site'), form);

/**
 * A form asked for by a question on the page (`?<param>=<id>`, a confirm step): a success comes
 * back to the page without the question, with `?done={form}`.
 */
export const doneWithout =
  (param: string, form: string) =>
  (_answer: unknown, page: URL): string => {
    const here = new URL(page);
    here.searchParams.delete(param);
    return donePage(here, form);
  };

/** A file the form posted under `name`, if one was chosen. */
export function chosenFile(form: FormData, name: string): File | undefined {
  const file = form.get(name);
  return file instanceof File && file.size > 0 ? file : undefined;
}

/**
 * A call that sends a file to the API as multipart, in the field `field`: encoded as it is read
 * (a stream), not into a second copy of the file first.
 */
export function fileCall(path: string, field: string, file: File): ApiCall {
  const upload = new FormData();
  upload.append(field, file, file.name);
  const encoded = new Response(upload);
  return {
    method: 'POST',
    path,
    body: encoded.body,
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/** The file a form posted (its `file` field), sent on to the API as multipart; or the problem when none was chosen. */
export function fileUpload(form: FormData, path: string, missing: string): ApiCall | Problem {
  const file = chosenFile(form, 'file');
  return file ? fileCall(path, 'file', file) : { problem: missing };
}

/** The posted form: form-encoded or multipart (a file), or nothing. */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    try {
      return await request.formData();
    } catch {
      return new FormData();
    }
  }
  return new FormData();
}

/** What a form posted after its session ended is told (`kind: 'signed-out'`, which adds the way to sign in). */
const SIGNED_OUT =
  'You were signed out, so this did not go through. Sign in again in a new tab, then press the button again: what you typed is still here.';

/** A little more than the bot check's moment, for clocks: when the page's code may send again by itself. */
const RETRY_MARGIN_MS = 200;

/** When a bot-check token was issued (its third part; the server signs the whole). */
const tokenIssuedAt = (token: string) => Number(token.split('.')[2] ?? Number.NaN);

/** A fresh token for the form, asked for as the visitor (the token route's limit counts them). */
async function freshToken(context: WebLoadContext, target: FormTokenFor): Promise<string | undefined> {
  const answer = await context.sendApi('GET', formTokenPath(target));
  const token = (answer.body as { token?: unknown } | null)?.token;
  return isOk(answer) && typeof token === 'string' ? token : undefined;
}

/** The action of a route holding these forms, by their `_form` names. */
export function formAction(forms: Record<string, RouteForm>) {
  return async ({ context, request }: { context: WebLoadContext; request: Request }) =>
    sendForm(forms, await readForm(request), context, request);
}

/** One of these forms, already read (a route whose action also does something else). */
export async function sendForm(
  forms: Record<string, RouteForm>,
  form: FormData,
  context: WebLoadContext,
  request: Request,
) {
  const name = formNameOf(form);
  const spec = Object.hasOwn(forms, name) ? forms[name] : undefined;
  const stored = await spec?.files?.(form, context);
  const values = keptValues(form);
  const url = pageUrl(request);
  const refuse = (status: number, title: string, message: string, more: Partial<FormAnswer> = {}) =>
    answered(status, { form: name, title, message, errors: {}, values, ...more });
  if (!spec) return refuse(400, 'Error', 'That form is not on this page. Nothing was sent.');
  const problem = ({ problem, field }: Problem) =>
    refuse(400, spec.failure.title, problem, field ? { errors: { [field]: problem } } : {});
  if (stored) return problem(stored);

  const parsed = parseForm(form, spec.schema);
  if (!parsed.ok) {
    // The spec's messages beside the fields say it all (no toast, no notice above the form), but
    // one about the form as a whole. A corrected post needs no extra step: a token is handed back.
    const formToken = String(form.get('formToken') ?? '') || undefined;
    const said = spec.invalid?.(parsed.errors);
    return refuse(400, said?.title ?? spec.failure.title, said?.message ?? parsed.errors[''] ?? '', {
      errors: parsed.errors,
      ...(formToken ? { formToken } : {}),
    });
  }
  const call = await spec.call(parsed.values, { context, url, form });
  if ('problem' in call) return problem(call);

  let body = call.body;
  let target: FormTokenFor | undefined;
  if (spec.botCheck) {
    target = spec.botCheck.target(parsed.values, url);
    const scope =
      'postId' in target ? String(target.postId) : 'skillId' in target ? String(target.skillId) : '';
    const token = String(form.get('formToken') ?? '') || context.visit?.formToken(target.form, scope);
    // Sooner than a person could have read the page: asked to wait, never dropped unseen.
    const age = token ? Date.now() - tokenIssuedAt(token) : Number.POSITIVE_INFINITY;
    if (age < MIN_FORM_FILL_MS) {
      return refuse(
        200,
        'One more moment',
        `Please wait a moment, then press '${spec.botCheck.submitLabel}' again.`,
        {
          kind: 'confirm',
          retryInMs: MIN_FORM_FILL_MS - age + RETRY_MARGIN_MS,
          ...(form.get('formToken') ? { formToken: String(token) } : {}),
        },
      );
    }
    body = token ? { ...(call.body as object), formToken: token } : call.body;
  }

  const answer = await context.sendApi(call.method, call.path, body, call.contentType);
  const unsuccessful = isOk(answer) ? spec.unsuccessful?.(answer.body) : undefined;
  if (unsuccessful !== undefined) {
    return answered(502, {
      form: name,
      title: spec.failure.title,
      message: unsuccessful,
      errors: {},
      values,
    });
  }
  if (isOk(answer)) {
    if (spec.botCheck) context.visit?.spent();
    const shown = spec.show?.(answer.body, parsed.values);
    if (shown) {
      const body: FormAnswer = {
        form: name,
        title: '',
        message: '',
        errors: {},
        values,
        kind: 'done',
        extra: shown,
      };
      return data(body, { headers: cookieHeaders(answer.cookies) });
    }
    return redirect(spec.doneAt?.(answer.body, url, parsed.values) ?? donePage(url, name), {
      status: 303,
      headers: cookieHeaders(answer.cookies),
    });
  }

  const { message, errors } = messagesOf(answer);
  const next = target ? await freshToken(context, target) : undefined;
  if (target && next && answer.status === 400 && Object.keys(errors).length === 1 && 'formToken' in errors) {
    // Sent without a token the visit could stand for (no cookie, or a spent or stale one): one
    // more press, with everything kept and a token of its own.
    return refuse(
      200,
      'Almost there',
      `Please check what you wrote and press '${spec.botCheck?.submitLabel}' once more to send it.`,
      { kind: 'confirm', formToken: next, retryInMs: MIN_FORM_FILL_MS + RETRY_MARGIN_MS },
    );
  }
  if (answer.status === 401 && message === SIGN_IN_REQUIRED) {
    // Signed out since the page was opened (elsewhere, or the session ran out): with the page's
    // code the page stays, and so does what was typed, while its owner signs in again beside it.
    // Without it, a page that needs the session (the dashboard) keeps what was posted instead.
    const signedOut: FormAnswer = {
      form: name,
      title: 'Signed out',
      message: SIGNED_OUT,
      errors: {},
      values,
      kind: 'signed-out',
    };
    context.signedOutPost = { answer: signedOut, fields: postedFields(form) };
    return answered(401, signedOut);
  }
  const said = message ?? spec.failure.fallback;
  return answered(answer.status >= 500 ? 503 : answer.status, {
    form: name,
    title: spec.failure.title,
    message: spec.describe ? spec.describe(said, parsed.values) : said,
    errors,
    values,
    ...(next ? { formToken: next } : {}),
  });
}

/** `Set-Cookie` headers for the page's response, from the API's answer (a sign-in's session). */
function cookieHeaders(cookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}
