/**
 * The owner's answer to a comment, from the post or the dashboard: public at once, under the
 * comment, marked as the author's; a commenter who asked is emailed. Shown only to the owner, in a
 * 'Reply' disclosure that opens without the page's code, and posted to the page it is on, whose
 * action sends it (replyForms), with the page's code or without it (ADR 018).
 */

import { ADMIN_PREFIX } from '../../lib/api.ts';
import { useCacheRefresh } from '../../lib/cache-refresh.ts';
import { useFormAnswer } from '../../lib/form-post.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { commentsPath, REPLY_FORM } from './api.ts';

const recheck = () =>
  import('../../../common/schemas/comments.ts').then((module) => module.commentReplySchema);

/** The page's answer to a reply posted without the code, when it is this comment's. */
export function useReplyAnswer(commentId: number) {
  const answer = useFormAnswer(REPLY_FORM);
  return answer?.values.commentId === String(commentId) ? answer : undefined;
}

export default function ReplyForm({
  commentId,
  postId,
  to,
  onDone,
}: {
  commentId: number;
  postId: number;
  /** The commenter's name, for the label. */
  to: string;
  onDone: () => void;
}) {
  const refresh = useCacheRefresh();
  const reply = useRouteForm(REPLY_FORM, {
    key: `${REPLY_FORM}-${commentId}`,
    match: (answer) => answer.values.commentId === String(commentId),
    done: { title: 'Reply posted', description: `Your answer to ${to} is on the post.` },
    recheck,
    onDone: () => {
      onDone();
      // The dashboard's lists (moderation); a post reads its comments through its loader, which
      // the router reads again after the reply.
      refresh([commentsPath(postId), ADMIN_PREFIX]);
    },
  });
  return (
    <PageForm form={reply} aria-label={`Reply to ${to}`} className="mt-3 space-y-2">
      <input type="hidden" name="commentId" value={commentId} />
      <FormNotice answer={reply.answer} />
      <Field label={`Your reply to ${to}`} error={reply.errorOf('content')}>
        <Textarea rows={3} {...reply.field('content')} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={reply.pending} pendingText="Posting...">
          Post reply
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </PageForm>
  );
}
