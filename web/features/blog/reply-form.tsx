/**
 * The owner's answer to a comment, from the post or the dashboard: public at once, under the
 * comment, marked as the author's; a commenter who asked is emailed. Loaded only for the owner.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { commentReplySchema } from '../../../common/schemas/forms.ts';
import { EARLY_POST_PATH } from '../../lib/early-post.ts';
import { apiRequest, errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { toast } from '../../ui/use-toast.ts';
import { commentsPath } from './api.ts';

export const replyPath = (commentId: number) => `/api/admin/comments/${commentId}/reply`;

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
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const send = useMutation({
    mutationFn: async (text: string) =>
      (await apiRequest('POST', replyPath(commentId), { content: text })).json(),
    onSuccess: async () => {
      toast({ title: 'Reply posted', description: `Your answer to ${to} is on the post.` });
      setContent('');
      onDone();
      await queryClient.invalidateQueries({
        predicate: (query) => {
          const key = String(query.queryKey[0]);
          return key === commentsPath(postId) || key.startsWith('/api/admin/');
        },
      });
    },
    onError: (failure) =>
      toast({
        title: 'Error',
        description: errorMessage(failure) ?? 'Unknown error',
        variant: 'destructive',
      }),
  });
  return (
    <form
      method="post"
      action={EARLY_POST_PATH}
      noValidate
      aria-label={`Reply to ${to}`}
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = commentReplySchema.safeParse({ content });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setError(undefined);
        send.mutate(parsed.data.content);
      }}
    >
      <Field label={`Your reply to ${to}`} error={error}>
        <Textarea rows={3} value={content} autoFocus onChange={(event) => setContent(event.target.value)} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={send.isPending}>
          {send.isPending ? 'Posting...' : 'Post reply'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
