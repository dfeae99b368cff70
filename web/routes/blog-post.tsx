/**
 * /blog/{slug}: one published post with its approved comments. A missing or
 * unpublished post answers 404 with 'Post Not Found'. The content arrives as
 * HTML the server rendered from markdown and sanitised (GET /api/blog/:slug).
 */
import { HydrationBoundary } from '@tanstack/react-query';
import { data } from 'react-router';
import type { BlogPost } from '../../common/schemas/blog.ts';
import { replyForms, sendDashboardForm } from '../features/admin/dashboard-form.server.ts';
import { commentsPath, ownerPostPath, postPath, previewPostPath, REPLY_FORM } from '../features/blog/api.ts';
import { followOldAddress } from '../features/blog/old-address-api.ts';
import { PostArticle, PostNotFound } from '../features/blog/post-article.tsx';
import { NewsletterSignup } from '../features/newsletter/signup.tsx';
import { doneAt, formOf, readFields, refused, sendChecked } from '../lib/form-action.server.ts';
import { DONE_PARAM } from '../lib/form-post.ts';
import { paths } from '../lib/paths.ts';
import { prefetch } from '../lib/prefetch.ts';
import { absoluteUrl, logoLd, pageMeta, rootDataOf } from '../lib/seo.ts';
import type { Route } from './+types/blog-post';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const web = context;
  const post =
    (await web.readApi<BlogPost>(postPath(params.slug))) ??
    (await unpublishedPost(web, params.slug, request));
  if (!post) {
    // The post may have had this address on the site it was imported from.
    await followOldAddress(web, new URL(request.url).pathname);
    return data({ post: null, dehydrated: null }, { status: 404 });
  }
  // A draft or a scheduled post is for its readers alone: never stored by any cache.
  if (post.status !== 'published')
    return data({ post, dehydrated: null }, { headers: { 'cache-control': 'no-store' } });
  const { dehydrated } = await prefetch(web, [commentsPath(post.id)]);
  return { post, dehydrated };
}

/**
 * 'Leave a Comment' posted without its code (ADR 013): the post's id from its address, then the
 * comment through the same API with the bot check (one more press when the cached page had no token).
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const fields = await readFields(request);
  const post = await context.readApi<BlogPost>(postPath(params.slug));
  const failure = { title: 'Error submitting comment', fallback: 'Please try again later' };
  if (!post) return refused('comment', fields, 404, failure.title, 'Post not found');
  // The owner's reply to a comment (its form is in the page for the owner only).
  if (formOf(fields) === REPLY_FORM) return sendDashboardForm(replyForms, fields, context, request);
  if (formOf(fields) !== 'comment')
    return refused(formOf(fields), fields, 400, failure.title, failure.fallback);
  const { name, email, content, captchaToken, website } = fields;
  const sent = await sendChecked(context, {
    form: 'comment',
    target: { form: 'comment', postId: post.id },
    path: commentsPath(post.id),
    body: { name, email, content, captchaToken, website, notifyOnReply: fields.notifyOnReply === 'on' },
    fields,
    failure,
    submitLabel: 'Submit Comment',
  });
  if (!sent.ok) return sent.response;
  return doneAt(`${paths.post(post.slug)}?${DONE_PARAM}=comment#leave-comment`);
}

/** A draft or scheduled post: for the signed-in owner, or through its preview link. */
async function unpublishedPost(web: Route.LoaderArgs['context'], slug: string, request: Request) {
  if (web.staticCopy) return null;
  if (web.user?.isAdmin) return web.readOwnApi<BlogPost>(ownerPostPath(slug));
  const token = new URL(request.url).searchParams.get('preview');
  return token ? web.readOwnApi<BlogPost>(previewPostPath(slug, token)) : null;
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const { site } = rootDataOf(matches);
  const post = loaderData?.post;
  if (!post) {
    return pageMeta({ site, title: 'Post Not Found', path: location.pathname, missing: true });
  }
  const path = paths.post(post.slug);
  return pageMeta({
    site,
    title: post.title,
    description: post.metaDescription || post.summary,
    content: post.content,
    path,
    ...(post.canonicalUrl ? { canonicalUrl: post.canonicalUrl } : {}),
    type: 'article',
    noindex: post.status !== 'published',
    jsonLd: {
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.summary,
      url: absoluteUrl(site, path),
      mainEntityOfPage: absoluteUrl(site, path),
      ...(post.coverImage ? { image: absoluteUrl(site, post.coverImage) } : {}),
      ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
      dateModified: post.updatedAt,
      keywords: post.tags.join(', '),
      author: { '@type': 'Person', name: post.authorName },
      // The site as publisher: an Organization, which schema.org gives a logo (the spec's 60 x 60
      // fallback); a Person has none, and validators flag one there. The author is a Person.
      publisher: { '@type': 'Organization', name: site.ownerName, url: site.url, logo: logoLd(site) },
    },
  });
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, dehydrated } = loaderData;
  if (!post) return <PostNotFound />;
  return (
    <HydrationBoundary state={dehydrated}>
      <PostArticle
        post={post}
        signup={<NewsletterSignup place="post" slug={post.slug} className="mt-10" />}
      />
    </HydrationBoundary>
  );
}
