/**
 * /blog/{slug}: one published post with its approved comments (both read by the loader; the page
 * holds no query cache, ADR 022). A missing or
 * unpublished post answers 404 with 'Post Not Found'. The content arrives as
 * HTML the server rendered from markdown and sanitised (GET /api/blog/:slug).
 */
import { data } from 'react-router';
import { reactionCountsPath } from '../../common/fediverse.ts';
import type { BlogPost } from '../../common/schemas/blog.ts';
import type { PublicComment } from '../../common/schemas/comments.ts';
import type { ReactionCounts } from '../../common/schemas/fediverse.ts';
import type { PublicMention } from '../../common/schemas/webmention.ts';
import { mentionsPath, WEBMENTION_PATH } from '../../common/webmention.ts';
import { commentsPath, ownerPostPath, postPath, previewPostPath } from '../features/blog/api.ts';
import { commentForms, replyForms } from '../features/blog/blog-forms.server.ts';
import { followOldAddress } from '../features/blog/old-address-api.ts';
import { PostArticle, PostNotFound } from '../features/blog/post-article.tsx';
import { NewsletterSignup } from '../features/newsletter/subscribe-form.tsx';
import { paths } from '../lib/paths.ts';
import { formAction } from '../lib/route-form.server.ts';
import { absoluteUrl, fediverseMeta, firstPaintUntil, logoLd, pageMeta, rootDataOf } from '../lib/seo.ts';
import type { Route } from './+types/blog-post';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const web = context;
  const post =
    (await web.readApi<BlogPost>(postPath(params.slug))) ??
    (await unpublishedPost(web, params.slug, request));
  if (!post) {
    // The post may have had this address before (imported, renamed), or been deleted since.
    const status = await followOldAddress(web, new URL(request.url).pathname);
    return data({ post: null, cover: null, comments: [], reactions: null, mentions: [] }, { status });
  }
  // The largest paint, carried in the HTML when it is one of the site's small illustrations.
  const cover = post.coverImage ? await web.inlineImage(post.coverImage) : null;
  // A draft or a scheduled post is for its readers alone: never stored by any cache.
  if (post.status !== 'published')
    return data(
      { post, cover, comments: [], reactions: null, mentions: [] },
      { headers: { 'cache-control': 'no-store' } },
    );
  const [comments, reactions, mentions] = await Promise.all([
    web.readApi<PublicComment[]>(commentsPath(post.id)),
    web.readApi<ReactionCounts>(reactionCountsPath(post.id)),
    web.staticCopy ? null : web.readApi<PublicMention[]>(mentionsPath(post.id)),
  ]);
  return { post, cover, comments: comments ?? [], reactions, mentions: mentions ?? [] };
}

/** 'Leave a Comment' and the owner's reply, with the page's code or without it (ADR 018). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const post = await context.readApi<BlogPost>(postPath(params.slug));
  if (!post) throw data(null, { status: 404 });
  return formAction({ ...commentForms(post), ...replyForms })({ context, request });
}

/** A draft or scheduled post: for the signed-in owner, or through its preview link. */
async function unpublishedPost(web: Route.LoaderArgs['context'], slug: string, request: Request) {
  if (web.staticCopy) return null;
  if (web.user?.isAdmin) return web.readOwnApi<BlogPost>(ownerPostPath(slug));
  const token = new URL(request.url).searchParams.get('preview');
  return token ? web.readOwnApi<BlogPost>(previewPostPath(slug, token)) : null;
}

/** A visitor's post is islands (ADR 023): the comment form, the sign-up, share and copy buttons. */
export const handle = { islands: true };

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const { site } = rootDataOf(matches);
  const post = loaderData?.post;
  if (!post) {
    return pageMeta({ site, title: 'Post Not Found', path: location.pathname, missing: true });
  }
  const path = paths.post(post.slug);
  const live = post.status === 'published';
  return [
    ...pageMeta({
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
    }),
    // A draft or a scheduled post is no object on the fediverse yet, nor mentioned.
    ...(live ? fediverseMeta(site, post) : []),
    // The first paint holds the cover: it waits for the tags after it.
    firstPaintUntil('post-tags'),
    ...(live && !site.staticCopy
      ? [{ tagName: 'link', rel: 'webmention', href: absoluteUrl(site, WEBMENTION_PATH) }]
      : []),
  ];
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, cover, comments, reactions, mentions } = loaderData;
  if (!post) return <PostNotFound />;
  return (
    <PostArticle
      post={post}
      cover={cover}
      comments={comments}
      reactions={reactions}
      mentions={mentions}
      signup={<NewsletterSignup place="post" slug={post.slug} className="mt-10" />}
    />
  );
}
