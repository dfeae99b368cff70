/**
 * The home page. This first version carries the real content of each section
 * (owner, projects, about, skills, latest posts, contact) as plain markup; the
 * full sections of spec section 2 replace it in the home-page issue.
 */
import { HydrationBoundary, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BlogPostSummary } from '../../common/schemas/blog.ts';
import type { WebLoadContext } from '../../common/web-context.ts';
import { profile } from '../../content/profile.ts';
import { projects } from '../../content/projects.ts';
import { paths } from '../lib/paths.ts';
import { prefetch } from '../lib/prefetch.ts';
import { pageMeta, personLd, rootDataOf } from '../lib/seo.ts';
import { Button } from '../ui/button.tsx';
import type { Route } from './+types/home';

const BLOG_PATH = '/api/blog';

export async function loader({ context }: Route.LoaderArgs) {
  const { dehydrated } = await prefetch(context as unknown as WebLoadContext, [BLOG_PATH]);
  return {
    dehydrated,
    owner: {
      name: profile.name,
      title: profile.title,
      description: profile.description,
      about: profile.about,
    },
    projects: projects.map(({ id, title, description }) => ({ id, title, description })),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { site } = rootDataOf(matches);
  return pageMeta({
    site,
    title: `${site.ownerName} | ${site.ownerTitle}`,
    description: loaderData?.owner.description,
    path: '/',
    type: 'profile',
    jsonLd: personLd(site),
  });
};

function LatestPosts() {
  const { data: posts = [] } = useQuery<BlogPostSummary[]>({ queryKey: [BLOG_PATH] });
  if (posts.length === 0) return <p className="text-muted-foreground">No blog posts yet</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {posts.slice(0, 3).map((post) => (
        <li key={post.id} className="rounded-lg border border-border p-4">
          <h3 className="font-semibold">
            <Link to={paths.post(post.slug)} className="hover:underline">
              {post.title}
            </Link>
          </h3>
          <p className="mt-2 line-clamp-3 text-sm text-muted-foreground">{post.summary}</p>
        </li>
      ))}
    </ul>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { owner } = loaderData;
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <section id="home" className="mx-auto max-w-6xl px-4 py-20">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          Hello, I'm <span className="text-primary">{owner.name}</span>
        </h1>
        <p className="mt-4 text-xl font-medium">{owner.title}</p>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{owner.description}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <a href="#projects">View My Work</a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href="#contact">Get In Touch</a>
          </Button>
        </div>
      </section>
      <section id="projects" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-3xl font-bold">See My Work in Action</h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-2">
          {loaderData.projects.map((project) => (
            <li key={project.id} className="rounded-lg border border-border p-4">
              <h3 className="font-semibold">
                <Link to={paths.project(project.id)} className="hover:underline">
                  {project.title}
                </Link>
              </h3>
              <p className="mt-2 text-sm text-muted-foreground">{project.description}</p>
            </li>
          ))}
        </ul>
      </section>
      <section id="about" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-3xl font-bold">About Me</h2>
        {owner.about.map((paragraph) => (
          <p key={paragraph} className="mt-4 max-w-3xl text-muted-foreground">
            {paragraph}
          </p>
        ))}
        <Button asChild className="mt-6" variant="outline">
          <Link to={paths.resume}>Download Resume</Link>
        </Button>
      </section>
      <section id="skills" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-3xl font-bold">Skills</h2>
      </section>
      <section id="blog" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="mb-8 text-3xl font-bold">Latest from the Blog</h2>
        <LatestPosts />
        <Button asChild className="mt-8" variant="outline">
          <Link to={paths.blog}>View All Posts</Link>
        </Button>
      </section>
      <section id="contact" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-3xl font-bold">WORK WITH ME</h2>
      </section>
    </HydrationBoundary>
  );
}
