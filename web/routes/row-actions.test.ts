/**
 * The dashboard's row actions are route forms (issue 63, ADR 018): each posts its row's fields to its
 * page, whose action makes the one API call the button used to make from code, and comes back to the
 * page with `?done=` (the question that asked for it taken away), with the page's code or without it.
 */
import { describe, expect, it } from 'vitest';
import type { ApiAnswer, WebLoadContext } from '../../common/web-context.ts';
import type { FormAnswer } from '../lib/form-post.ts';
import { action as endorsements } from './admin-endorsements.tsx';
import { action as inbox } from './admin-inbox.tsx';
import { action as moderation } from './admin-moderation.tsx';
import { action as outbox } from './admin-outbox.tsx';
import { action as posts } from './admin-posts.tsx';
import { action as testimonials } from './admin-testimonials.tsx';

type Action = (args: { context: WebLoadContext; request: Request }) => Promise<unknown>;

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** Posts `fields` to `address` through `action`, with an API that answers `answer`: the calls made and the response. */
async function postRow(
  action: Action,
  address: string,
  fields: [string, string][],
  answer: ApiAnswer = { status: 200, body: {}, cookies: [] },
) {
  const calls: Call[] = [];
  const context = {
    sendApi: async (method: string, path: string, body: unknown) => {
      calls.push({ method, path, body });
      return answer;
    },
  } as unknown as WebLoadContext;
  const request = new Request(`http://localhost${address}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await action({ context, request });
  return { calls, result };
}

/** Where a success goes (a 303), or null. */
const redirectedTo = (result: unknown) =>
  result instanceof Response && result.status === 303 ? result.headers.get('Location') : null;

/** A refusal's answer: its status and body. */
const refusal = (result: unknown) => {
  const { data, init } = result as { data: FormAnswer; init: { status: number } | null };
  return { status: init?.status ?? 200, ...data };
};

describe('row actions posted to their page', () => {
  const cases: Array<{
    name: string;
    action: Action;
    address: string;
    fields: [string, string][];
    call: Call;
    to: string;
  }> = [
    {
      name: "a post's delete, asked first; the editor closed when it held that post",
      action: posts as Action,
      address: '/admin/blog?index&page=2&edit=7&delete=7',
      fields: [
        ['_form', 'post-delete'],
        ['id', '7'],
      ],
      call: { method: 'DELETE', path: '/api/admin/posts/7', body: undefined },
      to: '/admin/blog?page=2&done=post-delete',
    },
    {
      name: "a post's delete keeps another post open in the editor",
      action: posts as Action,
      address: '/admin/blog?index&edit=3&delete=7',
      fields: [
        ['_form', 'post-delete'],
        ['id', '7'],
      ],
      call: { method: 'DELETE', path: '/api/admin/posts/7', body: undefined },
      to: '/admin/blog?edit=3&done=post-delete',
    },
    {
      name: "a draft's preview link opened",
      action: posts as Action,
      address: '/admin/blog?index&edit=7',
      fields: [
        ['_form', 'preview-link'],
        ['id', '7'],
        ['open', 'true'],
      ],
      call: { method: 'POST', path: '/api/admin/posts/7/preview-link', body: undefined },
      to: '/admin/blog?edit=7&done=preview-link',
    },
    {
      name: "a draft's preview link revoked",
      action: posts as Action,
      address: '/admin/blog?index&edit=7',
      fields: [
        ['_form', 'preview-link'],
        ['id', '7'],
        ['open', 'false'],
      ],
      call: { method: 'DELETE', path: '/api/admin/posts/7/preview-link', body: undefined },
      to: '/admin/blog?edit=7&done=preview-link-revoked',
    },
    {
      name: "an endorsement's removal, the skill filter kept",
      action: endorsements as Action,
      address: '/admin/blog/endorsements?skill=4&remove=12',
      fields: [
        ['_form', 'endorsement-remove'],
        ['id', '12'],
      ],
      call: { method: 'DELETE', path: '/api/admin/endorsements/12', body: undefined },
      to: '/admin/blog/endorsements?skill=4&done=endorsement-remove',
    },
    {
      name: 'a testimonial approved',
      action: testimonials as Action,
      address: '/admin/blog/testimonials',
      fields: [
        ['_form', 'testimonial-approve'],
        ['id', '5'],
      ],
      call: { method: 'POST', path: '/api/admin/testimonials/5/approve', body: undefined },
      to: '/admin/blog/testimonials?done=testimonial-approve',
    },
    {
      name: 'a testimonial taken off the site',
      action: testimonials as Action,
      address: '/admin/blog/testimonials',
      fields: [
        ['_form', 'testimonial-hide'],
        ['id', '5'],
      ],
      call: { method: 'POST', path: '/api/admin/testimonials/5/hide', body: undefined },
      to: '/admin/blog/testimonials?done=testimonial-hide',
    },
    {
      name: 'a testimonial request deleted, asked first',
      action: testimonials as Action,
      address: '/admin/blog/testimonials?delete=5',
      fields: [
        ['_form', 'testimonial-delete'],
        ['id', '5'],
      ],
      call: { method: 'DELETE', path: '/api/admin/testimonials/5', body: undefined },
      to: '/admin/blog/testimonials?done=testimonial-delete',
    },
    {
      name: 'a failed message queued again, the filter kept',
      action: outbox as Action,
      address: '/admin/blog/outbox?status=failed',
      fields: [
        ['_form', 'outbox-retry'],
        ['id', '9'],
      ],
      call: { method: 'POST', path: '/api/admin/outbox/9/retry', body: undefined },
      to: '/admin/blog/outbox?status=failed&done=outbox-retry',
    },
    {
      name: 'a quote request archived',
      action: inbox as Action,
      address: '/admin/blog/inbox?kind=quote',
      fields: [
        ['_form', 'inbox-item'],
        ['id', 'quote-3'],
        ['change', 'archive'],
      ],
      call: { method: 'PATCH', path: '/api/admin/inbox/quote/3', body: { archived: true } },
      to: '/admin/blog/inbox?kind=quote&done=inbox-item-archive',
    },
    {
      name: 'a contact message marked as read',
      action: inbox as Action,
      address: '/admin/blog/inbox',
      fields: [
        ['_form', 'inbox-item'],
        ['id', 'contact-8'],
        ['change', 'read'],
      ],
      call: { method: 'PATCH', path: '/api/admin/inbox/contact/8', body: { read: true } },
      to: '/admin/blog/inbox?done=inbox-item-read',
    },
    {
      name: "one comment's own Approve",
      action: moderation as Action,
      address: '/admin/blog/moderation',
      fields: [
        ['_form', 'comments-moderate'],
        ['id', '21'],
        ['ids', '21'],
        ['action', 'approve'],
      ],
      call: { method: 'POST', path: '/api/admin/comments/moderate', body: { ids: [21], action: 'approve' } },
      to: '/admin/blog/moderation?done=comments-approve-1',
    },
    {
      name: 'the ticked comments marked as spam, the list’s page kept',
      action: moderation as Action,
      address: '/admin/blog/moderation?comments-page=2',
      fields: [
        ['_form', 'comments-moderate'],
        ['ids', '21'],
        ['ids', '22'],
        ['action', 'spam'],
      ],
      call: {
        method: 'POST',
        path: '/api/admin/comments/moderate',
        body: { ids: [21, 22], action: 'spam' },
      },
      to: '/admin/blog/moderation?comments-page=2&done=comments-spam-2',
    },
    {
      name: "a guest post approved with the owner's notes",
      action: moderation as Action,
      address: '/admin/blog/moderation',
      fields: [
        ['_form', 'contribution-review'],
        ['id', '4'],
        ['reviewNotes', 'Tighten the intro.'],
        ['action', 'approve'],
      ],
      call: {
        method: 'POST',
        path: '/api/admin/contributions/4/review',
        body: { action: 'approve', reviewNotes: 'Tighten the intro.' },
      },
      to: '/admin/blog/moderation?done=contribution-review',
    },
  ];

  for (const { name, action, address, fields, call, to } of cases) {
    it(name, async () => {
      const { calls, result } = await postRow(action, address, fields);
      expect(calls).toEqual([call]);
      expect(redirectedTo(result)).toBe(to);
    });
  }

  it("answers the API's refusal beside the row: nothing ticked, or a message sent already", async () => {
    const none = await postRow(
      moderation as Action,
      '/admin/blog/moderation',
      [
        ['_form', 'comments-moderate'],
        ['action', 'reject'],
      ],
      { status: 400, body: { message: 'Select at least one comment' }, cookies: [] },
    );
    expect(refusal(none.result)).toMatchObject({
      status: 400,
      form: 'comments-moderate',
      title: 'Error',
      message: 'Select at least one comment',
    });
    const sent = await postRow(
      outbox as Action,
      '/admin/blog/outbox',
      [
        ['_form', 'outbox-retry'],
        ['id', '9'],
      ],
      { status: 409, body: { message: 'This message was sent already' }, cookies: [] },
    );
    expect(refusal(sent.result)).toMatchObject({
      status: 409,
      values: { id: '9' },
      message: 'This message was sent already',
    });
  });

  it('sends nothing for a row that is not one: a made-up id, change or verdict', async () => {
    for (const [action, address, fields] of [
      [
        inbox,
        '/admin/blog/inbox',
        [
          ['_form', 'inbox-item'],
          ['id', 'user-3'],
          ['change', 'read'],
        ],
      ],
      [
        inbox,
        '/admin/blog/inbox',
        [
          ['_form', 'inbox-item'],
          ['id', 'quote-3'],
          ['change', 'delete'],
        ],
      ],
      [
        moderation,
        '/admin/blog/moderation',
        [
          ['_form', 'comments-moderate'],
          ['ids', '1'],
          ['action', 'publish'],
        ],
      ],
      [
        moderation,
        '/admin/blog/moderation',
        [
          ['_form', 'comments-moderate'],
          ['ids', 'x'],
          ['action', 'spam'],
        ],
      ],
      [
        outbox,
        '/admin/blog/outbox',
        [
          ['_form', 'outbox-retry'],
          ['id', '-1'],
        ],
      ],
      [
        posts,
        '/admin/blog?index',
        [
          ['_form', 'preview-link'],
          ['id', '7'],
          ['open', 'maybe'],
        ],
      ],
    ] as Array<[Action, string, [string, string][]]>) {
      const { calls, result } = await postRow(action, address, fields);
      expect(calls).toEqual([]);
      expect(refusal(result).status).toBe(400);
    }
  });
});
