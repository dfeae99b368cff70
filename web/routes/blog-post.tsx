/**
 * /blog/{slug}: one published post; a missing or unpublished one answers 404
 * with 'Post Not Found'. This first version shows the text as paragraphs; the
 * rendered markdown and the comments come with the blog issue.
 */
import { data, Link } from 'react-router';
import type { BlogPost } from '../../common/schemas/blog.ts';
import type { WebLoadContext } from '../../common/web-context.ts';
import { paths } from '../lib/paths.ts';
import { absoluteUrl, logoLd, pageMeta, personLd, rootDataOf } from '../lib/seo.ts';
import type { Route } from './+types/blog-post';

export async function loader({ context, params }: Route.LoaderArgs) {
  const { readApi } = context as unknown as WebLoadContext;
  const post = await readApi<BlogPost>(`/api/blog/${encodeURIComponent(params.slug)}`);
  if (!post) return data({ post: null }, { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const { site } = rootDataOf(matches);
  const post = loaderData?.post;
  if (!post) {
    return pageMeta({ site, title: 'Post Not Found', path: location.pathname, noindex: true });
  }
  const path = paths.post(post.slug);
  return pageMeta({
    site,
    title: post.title,
    description: post.summary,
    content: post.content,
    path,
    image: post.coverImage || null,
    type: 'article',
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
      publisher: { ...personLd(site), logo: logoLd(site) },
    },
  });
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  if (!post) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <div role="alert" className="rounded-lg border border-destructive p-6">
          <h1 className="text-2xl font-bold">Post Not Found</h1>
          <p className="mt-2 text-muted-foreground">
            The blog post you're looking for doesn't exist or has been removed.
          </p>
        </div>
        <Link to={paths.blog} className="mt-6 inline-block font-medium text-primary hover:underline">
          Back to Blog
        </Link>
      </div>
    );
  }
  const paragraphs = post.content.split('\n').filter((line) => line.trim() !== '');
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
      <p className="mt-3 text-muted-foreground">{post.authorName}</p>
      <div className="mt-8 space-y-4 leading-7">
        {paragraphs.length > 0 ? (
          paragraphs.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one post never reorder
            <p key={index}>{line}</p>
          ))
        ) : (
          <p>No content available for this post.</p>
        )}
      </div>
      <Link to={paths.blog} className="mt-10 inline-block font-medium text-primary hover:underline">
        Back to Blog
      </Link>
    </article>
  );
}
