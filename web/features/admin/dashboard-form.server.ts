/**
 * The owner's forms posted without their code (ADR 013): each dashboard page names the forms it
 * holds and the API call each one's fields become, the same call its script makes. The page's
 * action sends it as the signed-in owner (their session cookie and address, so the API checks the
 * role, the rules and the limits exactly as for the script; the page's post passed the origin
 * check), then comes back to the page with `?done={form}`, or shows the API's messages beside the
 * fields with everything typed kept.
 */
import { data } from 'react-router';
import type { WebLoadContext } from '../../../common/web-context.ts';
import {
  doneAt,
  type Failure,
  failed,
  formOf,
  isOk,
  keptValues,
  messagesOf,
  readFields,
  refused,
} from '../../lib/form-action.server.ts';
import { DONE_PARAM, type FormAnswer } from '../../lib/form-post.ts';
import { REPLY_FORM, replyPath } from '../blog/api.ts';
import { adminPageQuery } from './api.ts';

/** The API call a form's fields make. */
export interface ApiCall {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Fields that make no call, and why: the message beside the field (or above the form). */
export interface Problem {
  problem: string;
  field?: string;
}

export interface DashboardForm {
  /** The script's failure toast: its title, and its message when the API gave none. */
  failure: Failure;
  /** The toast's message around the API's, as the script words it (`Failed to ...: {message}`). */
  describe?: (message: string, fields: Record<string, string>) => string;
  /** The call the posted fields make (read once, typed by the API's own schema). */
  call: (
    fields: Record<string, string>,
    context: WebLoadContext,
  ) => ApiCall | Problem | Promise<ApiCall | Problem>;
  /** Where a success goes (default: the page again, `?done={form}`), from the API's answer. */
  doneAt?: (answer: unknown, page: URL, fields: Record<string, string>) => string;
  /**
   * A success whose answer can be shown only once (a private link that is kept as a fingerprint):
   * the page itself with what to show, not a redirect that would lose it.
   */
  show?: (answer: unknown) => Record<string, unknown>;
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

/** A posted whole number (an id), or NaN. */
export const idOf = (value: string | undefined) =>
  /^\d{1,12}$/.test(value ?? '') ? Number(value) : Number.NaN;

/** A success answered with the page itself: what it shows once (a link, codes, results), never redirected to. */
export function shownOnce(form: string, values: Record<string, string>, extra: Record<string, unknown>) {
  const shown: FormAnswer = { form, title: '', message: '', errors: {}, values, kind: 'done', extra };
  return data(shown);
}

/** The action of a page holding these forms. */
export function dashboardAction(forms: Record<string, DashboardForm>) {
  return async ({ context, request }: { context: WebLoadContext; request: Request }) =>
    sendDashboardForm(forms, await readFields(request), context, request);
}

/** One of these forms, its fields already read (a page whose action also takes other forms). */
export async function sendDashboardForm(
  forms: Record<string, DashboardForm>,
  fields: Record<string, string>,
  context: WebLoadContext,
  request: Request,
) {
  const name = formOf(fields);
  const form = Object.hasOwn(forms, name) ? forms[name] : undefined;
  if (!form) return refused(name, fields, 400, 'Error', 'That form is not on this page. Nothing was saved.');
  const call = await form.call(fields, context);
  if ('problem' in call) {
    const errors: Record<string, string> = call.field ? { [call.field]: call.problem } : {};
    return refused(name, fields, 400, form.failure.title, call.problem, errors);
  }
  const answer = await context.sendApi(call.method, call.path, call.body);
  const page = new URL(request.url);
  if (isOk(answer) && form.show) return shownOnce(name, keptValues(fields), form.show(answer.body));
  if (isOk(answer)) return doneAt(form.doneAt?.(answer.body, page, fields) ?? donePage(page, name));
  const message = messagesOf(answer).message ?? form.failure.fallback;
  return failed(
    name,
    fields,
    answer,
    form.failure,
    form.describe ? { message: form.describe(message, fields) } : {},
  );
}

/** The owner's reply to a comment, from the post's page or from Moderation. */
export const replyForms: Record<string, DashboardForm> = {
  [REPLY_FORM]: {
    failure: { title: 'Error', fallback: 'Unknown error' },
    call: (fields) => {
      const id = idOf(fields.commentId);
      if (Number.isNaN(id)) return { problem: 'That comment is not on this page.' };
      return { method: 'POST', path: replyPath(id), body: { content: fields.content ?? '' } };
    },
    // Back to the comment the reply answers.
    doneAt: (_answer, page, fields) => `${donePage(page, REPLY_FORM)}#comment-${idOf(fields.commentId)}`,
  },
};

/** The query key of one page of an admin list, as the address asks for it (see useAdminPage). */
export const listPath = (path: string, params: Record<string, string | number | undefined>): string =>
  String(adminPageQuery(path, params).queryKey[0]);

/** A list's page number and filters from the address, as usePageParam and useFilterParam read them. */
export function listParams(request: Request) {
  const params = new URL(request.url).searchParams;
  return {
    page: (name = 'page') => Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1),
    pick: <T extends string>(name: string, values: readonly T[], fallback: T): T =>
      values.find((value) => value === params.get(name)) ?? fallback,
    raw: (name: string) => params.get(name),
  };
}
