/**
 * The owner's answer to a comment, from the post or the dashboard: public at once, under the
 * comment, marked as the author's; a commenter who asked is emailed. Shown only to the owner (in the post's code: it
 * carries no validation library), in a 'Reply' disclosure that opens without the page's code, and posted to the page it is on when
 * the code has not arrived (ADR 013); with the code, its own handler sends it as before.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFormAnswer, usePageAction } from '../../lib/form-post.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { failureToast, toast } from '../../ui/use-toast.ts';
import { ADMIN_PREFIX } from '../admin/api.ts';
import { commentsPath, REPLY_FORM, replyToComment } from './api.ts';

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
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const answer = useReplyAnswer(commentId);
  const pageAction = usePageAction();
  const [error, setError] = useState<string | undefined>(answer?.errors.content);
  const send = useMutation({
    mutationFn: (text: string) => replyToComment(commentId, text),
    onSuccess: async () => {
      toast({ title: 'Reply posted', description: `Your answer to ${to} is on the post.` });
      form.current?.reset();
      onDone();
      await queryClient.invalidateQueries({
        predicate: (query) => {
          const key = String(query.queryKey[0]);
          return key === commentsPath(postId) || key.startsWith(ADMIN_PREFIX);
        },
      });
    },
    onError: failureToast('Error', 'Unknown error'),
  });
  return (
    <form
      ref={form}
      method="post"
      action={pageAction}
      noValidate
      aria-label={`Reply to ${to}`}
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        // The one rule checked here; the server checks them all (and says so in the toast).
        const content = String(new FormData(event.currentTarget).get('content') ?? '').trim();
        if (content.length < 2) {
          setError('Reply must be at least 2 characters');
          return;
        }
        setError(undefined);
        send.mutate(content);
      }}
    >
      <FormName name={REPLY_FORM} />
      <input type="hidden" name="commentId" value={commentId} />
      <FormNotice answer={answer} />
      <Field label={`Your reply to ${to}`} error={error}>
        <Textarea name="content" rows={3} defaultValue={answer?.values.content ?? ''} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={send.isPending} pendingText="Posting...">
          Post reply
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
