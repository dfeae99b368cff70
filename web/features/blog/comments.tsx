import { useRef } from 'react';
import type { PublicComment } from '../../../common/schemas/comments.ts';
import { withBase } from '../../lib/base.ts';
import { longDate } from '../../lib/dates.ts';
import { useDone } from '../../lib/form-post.ts';
import { DoneNotice } from '../../ui/form-notice.tsx';
import { useAuth } from '../layout/auth-provider.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { REPLY_FORM } from './api.ts';
import { CommentForm } from './comment-form.tsx';
import ReplyForm, { useReplyAnswer } from './reply-form.tsx';

/** One comment: who, when, what; the author's answers marked as such. */
function CommentBody({ comment }: { comment: PublicComment }) {
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        {comment.fediverse?.avatar ? (
          // Kept by this site (the pages load no image from elsewhere); the name beside it says who.
          <img
            src={withBase(comment.fediverse.avatar)}
            alt=""
            width={32}
            height={32}
            loading="lazy"
            className="h-8 w-8 rounded-full bg-muted object-cover"
          />
        ) : null}
        {comment.name}
        {comment.isAuthorReply ? (
          <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
            Author
          </span>
        ) : null}
        {comment.fediverse ? (
          <a
            href={comment.fediverse.profileUrl}
            rel="noopener noreferrer nofollow ugc"
            className="break-all text-sm font-normal text-muted-foreground underline-offset-4 hover:underline"
          >
            {`${comment.fediverse.handle} on the fediverse`}
          </a>
        ) : null}
      </p>
      <time dateTime={comment.createdAt} className="text-sm text-muted-foreground">
        {longDate(comment.createdAt)}
      </time>
      <p className="mt-2 whitespace-pre-line">{comment.content}</p>
    </>
  );
}

/** The owner's Reply under a comment: a disclosure that opens with or without the page's code. */
function OwnerReply({ comment, postId }: { comment: PublicComment; postId: number }) {
  const details = useRef<HTMLDetailsElement>(null);
  // A reply refused without the code comes back open, with what was typed.
  const refused = useReplyAnswer(comment.id) !== undefined;
  return (
    <details ref={details} open={refused || undefined} className="mt-2">
      <summary className="inline-flex h-9 w-fit cursor-pointer items-center rounded-md px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        Reply<span className="sr-only"> to {comment.name}</span>
      </summary>
      <ReplyForm
        commentId={comment.id}
        postId={postId}
        to={comment.name}
        onDone={() => {
          if (details.current) details.current.open = false;
        }}
      />
    </details>
  );
}

/** A post's approved comments, as its loader read them (read again by the router after a reply). */
export function Comments({
  postId,
  slug,
  comments,
}: {
  postId: number;
  slug: string;
  comments: PublicComment[];
}) {
  const staticCopy = useStaticCopy();
  const { user } = useAuth();
  // Replies sit under the comment they answer (one level deep), oldest first.
  const topLevel = comments.filter((comment) => comment.parentId === null);
  const repliesTo = new Map<number, PublicComment[]>();
  for (const comment of comments) {
    if (comment.parentId === null) continue;
    repliesTo.set(comment.parentId, [...(repliesTo.get(comment.parentId) ?? []), comment]);
  }
  const owner = user?.isAdmin === true && !staticCopy;
  const replied = useDone(REPLY_FORM);

  return (
    <section aria-labelledby="comments-heading" className="later mt-16 border-t border-border pt-10">
      <h2 id="comments-heading" className="text-2xl font-bold">
        {comments.length > 0 ? `Comments (${comments.length})` : 'Comments'}
      </h2>
      {replied ? (
        <DoneNotice
          className="mt-4"
          title="Reply posted"
          text="Your answer is on the post, under the comment."
        />
      ) : null}
      {comments.length === 0 ? (
        <p className="mt-4 text-muted-foreground">No comments yet. Be the first to comment!</p>
      ) : (
        <ul className="mt-6 space-y-6">
          {topLevel.map((comment) => {
            const replies = repliesTo.get(comment.id) ?? [];
            return (
              <li
                key={comment.id}
                id={`comment-${comment.id}`}
                className="rounded-lg border border-border p-4"
              >
                <CommentBody comment={comment} />
                {replies.length > 0 ? (
                  <ul
                    aria-label={`Replies to ${comment.name}`}
                    className="mt-4 space-y-4 border-l-2 border-primary pl-4"
                  >
                    {replies.map((answer) => (
                      <li key={answer.id} id={`comment-${answer.id}`}>
                        <CommentBody comment={answer} />
                      </li>
                    ))}
                  </ul>
                ) : null}
                {owner ? <OwnerReply comment={comment} postId={postId} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      {staticCopy ? <StaticNotice feature="Commenting" className="mt-10" /> : <CommentForm slug={slug} />}
    </section>
  );
}
