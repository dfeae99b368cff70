/**
 * A post's approved comments and the 'Leave a Comment' form: the comment rules
 * of spec section 5, the 'not-a-robot' verification field, a honeypot and the
 * signed form token. New comments wait for moderation.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { longDate } from '../../lib/dates.ts';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { commentsQuery } from './api.ts';

// The form's code (react-hook-form, the validation rules: 40 KB of gzip) is a chunk of its own,
// fetched when the page hydrates rather than with the post: the post's cover and text do not
// share the link with it. The server's HTML holds the form, disabled until it is live.
const CommentForm = lazy(() => import('./comment-form.tsx'));

export function Comments({ postId }: { postId: number }) {
  const staticCopy = useStaticCopy();
  const { data: comments = [] } = useQuery(commentsQuery(postId));

  return (
    <section aria-labelledby="comments-heading" className="mt-16 border-t border-border pt-10">
      <h2 id="comments-heading" className="text-2xl font-bold">
        {comments.length > 0 ? `Comments (${comments.length})` : 'Comments'}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 text-muted-foreground">No comments yet. Be the first to comment!</p>
      ) : (
        <ul className="mt-6 space-y-6">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-lg border border-border p-4">
              <p className="font-semibold">{comment.name}</p>
              <time dateTime={comment.createdAt} className="text-sm text-muted-foreground">
                {longDate(comment.createdAt)}
              </time>
              <p className="mt-2 whitespace-pre-line">{comment.content}</p>
            </li>
          ))}
        </ul>
      )}
      {staticCopy ? (
        <StaticNotice feature="Commenting" className="mt-10" />
      ) : (
        <Suspense
          fallback={
            <p
              role="status"
              className="mt-10 min-h-[28rem] rounded-lg border border-border bg-card p-6 text-muted-foreground"
            >
              Loading the comment form...
            </p>
          }
        >
          <CommentForm postId={postId} />
        </Suspense>
      )}
    </section>
  );
}
