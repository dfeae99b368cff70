/**
 * The blog's forms in their pages' actions (route-form.server.ts): a comment under a post and the
 * owner's reply to one (the post's page; the reply from Moderation too), and a guest post.
 */
import { commentFormSchema, commentReplySchema } from '../../../common/schemas/comments.ts';
import { contributionSchema } from '../../../common/schemas/contributions.ts';
import { z } from '../../../common/schemas/zod.ts';
import { paths } from '../../lib/paths.ts';
import { donePage, routeForm } from '../../lib/route-form.server.ts';
import {
  COMMENT_FORM,
  CONTRIBUTION_FORM,
  CONTRIBUTIONS_PATH,
  commentsPath,
  REPLY_FORM,
  replyPath,
} from './api.ts';

/** 'Leave a Comment' under one post: the bot check binds its token to the post. */
export const commentForms = (post: { id: number; slug: string }) => ({
  [COMMENT_FORM]: routeForm({
    schema: commentFormSchema,
    failure: { title: 'Error submitting comment', fallback: 'Please try again later' },
    call: (values) => ({ method: 'POST', path: commentsPath(post.id), body: values }),
    doneAt: () => `${paths.post(post.slug)}?done=${COMMENT_FORM}#leave-comment`,
    botCheck: { target: () => ({ form: 'comment', postId: post.id }), submitLabel: 'Submit Comment' },
  }),
});

/** A guest post for review. */
export const contributionForms = {
  [CONTRIBUTION_FORM]: routeForm({
    schema: contributionSchema,
    failure: { title: 'Error', fallback: 'Please try again later' },
    call: (values) => ({ method: 'POST', path: CONTRIBUTIONS_PATH, body: values }),
    botCheck: { target: () => ({ form: 'contribution' }), submitLabel: 'Submit for Review' },
  }),
};

/** The owner's reply to a comment: the reply's rules, and which comment it answers. */
const replyFormSchema = commentReplySchema.extend({ commentId: z.number().int().positive() });

export const replyForms = {
  [REPLY_FORM]: routeForm({
    schema: replyFormSchema,
    failure: { title: 'Error', fallback: 'Unknown error' },
    call: ({ commentId, ...reply }) => ({ method: 'POST', path: replyPath(commentId), body: reply }),
    // Back to the comment the reply answers.
    doneAt: (_answer, page, { commentId }) => `${donePage(page, REPLY_FORM)}#comment-${commentId}`,
  }),
};
