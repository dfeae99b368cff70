/**
 * The server half of a form posted to its page (ADR 013): read the fields, send them through the
 * site's own API route as the visitor (same rules, limits and bot checks as the script's call),
 * and answer with a redirect that carries the session cookie a sign-in set, or with the form's
 * answer for the page to show.
 */
import { data, redirect } from 'react-router';
import { MIN_FORM_FILL_MS } from '../../common/constants.ts';
import type { ApiAnswer, WebLoadContext } from '../../common/web-context.ts';
import { type FormTokenFor, formTokenPath } from './api.ts';
import { FORM_FIELD, type FormAnswer } from './form-post.ts';

/** Fields whose value never comes back into the page: what the visitor must type again. */
const NOT_KEPT = new Set(['password', 'confirmPassword', 'code', 'formToken', 'website', FORM_FIELD]);

/** A posted form's fields by name (a repeated field keeps its last value). */
export async function readFields(request: Request): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return fields;
  for (const [name, value] of new URLSearchParams(await request.text())) fields[name] = value;
  return fields;
}

/** What the visitor typed, minus what is never shown again. */
export function keptValues(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !NOT_KEPT.has(name)));
}

/** `Set-Cookie` headers for the page's response, from the API's answer. */
export function cookieHeaders(cookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}

export interface Failure {
  /** The spec's toast title for a failure of this form. */
  title: string;
  /** Its message when the server gave none. */
  fallback: string;
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

/** The page again with the form's answer: its messages, and the typed values kept. */
export function failed(
  form: string,
  fields: Record<string, string>,
  answer: ApiAnswer,
  failure: Failure,
  more: Partial<FormAnswer> = {},
) {
  const { message, errors } = messagesOf(answer);
  const body: FormAnswer = {
    form,
    title: failure.title,
    message: message ?? failure.fallback,
    errors,
    values: keptValues(fields),
    ...more,
  };
  return data(body, { status: answer.status >= 500 ? 503 : answer.status });
}

/** The page again with a message of the page's own (nothing was sent). */
export function refused(
  form: string,
  fields: Record<string, string>,
  status: number,
  title: string,
  message: string,
  errors: Record<string, string> = {},
  more: Partial<FormAnswer> = {},
) {
  const body: FormAnswer = { form, title, message, errors, values: keptValues(fields), ...more };
  return data(body, { status });
}

/** After a successful post: another address, never the form's page posted again on reload. */
export function doneAt(location: string, cookies: readonly string[] = []) {
  return redirect(location, { status: 303, headers: cookieHeaders(cookies) });
}

/** Sends the fields' JSON body through the API as this visitor. */
export function send(context: WebLoadContext, path: string, body: unknown) {
  return context.sendApi('POST', path, body);
}

export const isOk = (answer: ApiAnswer) => answer.status >= 200 && answer.status < 300;

/** The form posted, by its `_form` field. */
export const formOf = (fields: Record<string, string>) => fields[FORM_FIELD] ?? '';

/** When a bot-check token was issued (its third part; the server signs the whole). */
function tokenIssuedAt(token: string): number {
  return Number(token.split('.')[2] ?? Number.NaN);
}

/** A fresh token for the form, asked for as the visitor (the token route's limit counts them). */
async function freshToken(context: WebLoadContext, target: FormTokenFor): Promise<string | undefined> {
  const answer = await context.sendApi('GET', formTokenPath(target));
  const token = (answer.body as { token?: unknown } | null)?.token;
  return isOk(answer) && typeof token === 'string' ? token : undefined;
}

/**
 * A public form with the bot check (comment, guest post, endorsement), posted without its code.
 * A cached page holds no token (one per visitor cannot live in a shared page), so the first post
 * may lack one: when that is all that is wrong, the page comes back with everything kept and a
 * fresh token, asking for one more press ('confirm'). Every other answer carries a fresh token too,
 * so a corrected post needs no extra step. A press sooner than a person could read the page is
 * asked to wait instead of being taken for a bot's; the honeypot, the limits and single use of a
 * token hold as on the script's path (the API checks them).
 */
export async function sendChecked(
  context: WebLoadContext,
  {
    form,
    target,
    path,
    body,
    fields,
    failure,
    submitLabel,
  }: {
    form: string;
    target: FormTokenFor;
    path: string;
    body: Record<string, unknown>;
    fields: Record<string, string>;
    failure: Failure;
    /** The submit button's text, named in the confirmation step. */
    submitLabel: string;
  },
): Promise<{ ok: true } | { ok: false; response: ReturnType<typeof data<FormAnswer>> }> {
  // The page again, everything kept, with a token for one more press and why it is needed.
  const confirm = (title: string, message: string, formToken: string) => ({
    ok: false as const,
    response: refused(form, fields, 200, title, message, {}, { formToken, kind: 'confirm' }),
  });
  const token = fields.formToken || undefined;
  if (token && Date.now() - tokenIssuedAt(token) < MIN_FORM_FILL_MS) {
    return confirm('One more moment', `Please wait a moment, then press '${submitLabel}' again.`, token);
  }
  const answer = await send(context, path, token ? { ...body, formToken: token } : body);
  if (isOk(answer)) return { ok: true };
  const next = await freshToken(context, target);
  const { errors } = messagesOf(answer);
  const onlyToken = answer.status === 400 && Object.keys(errors).length === 1 && 'formToken' in errors;
  if (onlyToken && next) {
    return confirm(
      'Almost there',
      `Please check what you wrote and press '${submitLabel}' once more to send it.`,
      next,
    );
  }
  return { ok: false, response: failed(form, fields, answer, failure, next ? { formToken: next } : {}) };
}
